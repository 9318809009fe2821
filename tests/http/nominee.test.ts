import { describe, expect, queryTestDatabase, studentClient, test, type HttpClient } from "./support/test";

// The nominee on /account/privacy (DPDP Act s.14): named, shown, changed,
// removed, in the data download, and gone with the account.

const PAGE = "/account/privacy";
const nomineeRows = (userId: string) =>
  queryTestDatabase<{ name: string; relation: string; contact: string }>(
    "SELECT name, relation, contact FROM nominees WHERE user_id = ?",
    userId,
  );

const saveNominee = (client: HttpClient, fields: Record<string, string>) =>
  client.post(PAGE, { form: { intent: "save-nominee", ...fields }, maxRedirects: 0 });

describe("the nominee", () => {
  test("is named, shown, changed, downloaded and removed; bad input stores nothing", async () => {
    const { client, student } = await studentClient();
    expect(await (await client.get(PAGE)).text()).toContain("You have not named a nominee.");

    const refused = await saveNominee(client, { name: "Meera Iyer", relation: "spouse", contact: "12345" });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Enter the nominee&#x27;s email address, or a phone number of at least 10 digits.");
    expect(nomineeRows(student.id)).toEqual([]);

    const saved = await saveNominee(client, { name: "Meera Iyer", relation: "spouse", contact: "meera@example.com" });
    expect(saved.status()).toBe(302);
    expect(nomineeRows(student.id)).toEqual([{ name: "Meera Iyer", relation: "spouse", contact: "meera@example.com" }]);
    const page = await (await client.get(PAGE)).text();
    expect(page).toContain("Nominee saved");
    expect(page).toMatch(/Meera Iyer<!-- --> \(<!-- -->spouse<!-- -->\), <!-- -->meera@example.com/);

    await saveNominee(client, { name: "Ravi Iyer", relation: "brother", contact: "+91 98765 43210" });
    expect(nomineeRows(student.id)).toEqual([{ name: "Ravi Iyer", relation: "brother", contact: "+91 98765 43210" }]);
    const file = JSON.parse(await (await client.get(`${PAGE}/download`)).text());
    expect(file.nominee).toMatchObject({ name: "Ravi Iyer", relation: "brother", contact: "+91 98765 43210" });

    expect((await client.post(PAGE, { form: { intent: "remove-nominee" }, maxRedirects: 0 })).status()).toBe(302);
    expect(nomineeRows(student.id)).toEqual([]);
    expect(await (await client.get(PAGE)).text()).toContain("Nominee removed");
  });

  test("is erased with the account", async () => {
    const { client, student } = await studentClient();
    await saveNominee(client, { name: "Meera Iyer", relation: "spouse", contact: "meera@example.com" });
    expect(nomineeRows(student.id)).toHaveLength(1);
    const erased = await client.post(`${PAGE}?confirm=delete`, { form: { confirmation: student.password }, maxRedirects: 0 });
    expect(erased.status()).toBe(302);
    expect(nomineeRows(student.id)).toEqual([]);
  });
});
