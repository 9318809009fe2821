import { parseWithZod } from "@conform-to/zod";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentors } from "../../../db/schema";
import { MentorSchema, type MentorInput } from "~/schemas/admin-mentor";
import { db } from "~/utils/db.server";
import { createMentor, deleteMentor, findMentorForAdmin, listActiveMentors, listMentorsForAdmin, updateMentor } from "./mentor.server";

const input = (overrides: Partial<MentorInput> = {}): MentorInput => ({
  name: "Kavya Rao",
  title: "Options Strategist",
  bio: "Ten years on the derivatives desk. Teaches risk first.",
  specialization: [],
  isActive: true,
  displayOrder: 0,
  ...overrides,
});

function formData(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

describe("MentorSchema", () => {
  it("requires name, title and bio, and reads the rest from the form", () => {
    const empty = parseWithZod(formData({}), { schema: MentorSchema });
    expect(empty.status).toBe("error");
    expect(empty.reply().error).toMatchObject({
      name: ["Name is required"],
      title: ["Title is required"],
      bio: ["Bio is required"],
    });

    const full = parseWithZod(
      formData({
        name: " Kavya Rao ",
        title: "Options Strategist",
        bio: "Line one.\r\nLine two.",
        imageUrl: "/uploads/kavya.png",
        experience: "10+ years",
        specialization: "Options\r\n\r\n Nifty weeklies \n",
        linkedin: "https://www.linkedin.com/in/kavya",
        twitter: "",
        isActive: "on",
        displayOrder: "",
      }),
      { schema: MentorSchema },
    );
    expect(full.status === "success" && full.value).toEqual({
      name: "Kavya Rao",
      title: "Options Strategist",
      bio: "Line one.\nLine two.",
      imageUrl: "/uploads/kavya.png",
      experience: "10+ years",
      specialization: ["Options", "Nifty weeklies"],
      linkedin: "https://www.linkedin.com/in/kavya",
      isActive: true,
      displayOrder: 0,
    });
  });

  it("takes social links over https only, and a whole display order", () => {
    const bad = parseWithZod(
      formData({
        name: "A",
        title: "B",
        bio: "C",
        twitter: "http://twitter.com/kavya",
        youtube: "javascript:alert(1)",
        displayOrder: "1.5",
        imageUrl: "javascript:alert(1)",
      }),
      { schema: MentorSchema },
    );
    expect(bad.reply().error).toMatchObject({
      twitter: ["Twitter/X must be a link starting with https://"],
      youtube: ["YouTube must be a link starting with https://"],
      displayOrder: ["Display order must be a whole number"],
      imageUrl: ["Image URL must start with https:// or /"],
    });
  });
});

describe("mentor admin functions", () => {
  it("creates a mentor with its links as one JSON object, and an unticked box is inactive", () => {
    const { id } = createMentor(
      input({ isActive: false, linkedin: "https://linkedin.com/in/k", youtube: "https://youtube.com/@k", specialization: ["Options"] }),
    );
    const row = db.select().from(mentors).where(eq(mentors.id, id)).get();
    expect(row).toMatchObject({
      name: "Kavya Rao",
      isActive: false,
      imageUrl: null,
      experience: null,
      specialization: ["Options"],
      socialLinks: { linkedin: "https://linkedin.com/in/k", youtube: "https://youtube.com/@k" },
    });
    expect(listActiveMentors().map((m) => m.id)).not.toContain(id);
    expect(listMentorsForAdmin().map((m) => m.id)).toContain(id);
  });

  it("lists by display order, then name, for the admin and the public page alike", () => {
    const zed = createMentor(input({ name: "zed", displayOrder: 1 })).id;
    const amit = createMentor(input({ name: "Amit", displayOrder: 1 })).id;
    const first = createMentor(input({ name: "Yash", displayOrder: 0 })).id;
    const hidden = createMentor(input({ name: "Bela", displayOrder: 1, isActive: false })).id;
    const ours = [zed, amit, first, hidden];
    expect(
      listMentorsForAdmin()
        .filter((m) => ours.includes(m.id))
        .map((m) => m.id),
    ).toEqual([first, amit, hidden, zed]);
    expect(
      listActiveMentors()
        .filter((m) => ours.includes(m.id))
        .map((m) => m.id),
    ).toEqual([first, amit, zed]);
  });

  it("updates every field, dropping links left blank", () => {
    const { id } = createMentor(input({ twitter: "https://x.com/k" }));
    expect(updateMentor(String(id), input({ name: "Kavya R.", displayOrder: 7, experience: "12 years" }))).toEqual({
      ok: true,
      id,
      name: "Kavya R.",
    });
    expect(findMentorForAdmin(String(id))).toMatchObject({ name: "Kavya R.", displayOrder: 7, experience: "12 years", socialLinks: {} });
  });

  it("deletes a mentor; unknown and malformed ids are not found", () => {
    const { id } = createMentor(input());
    expect(deleteMentor(id)).toEqual({ ok: true, id, name: "Kavya Rao" });
    expect(findMentorForAdmin(id)).toBeNull();
    expect(deleteMentor(id)).toEqual({ ok: false, reason: "not-found" });
    expect(updateMentor("abc", input())).toEqual({ ok: false, reason: "not-found" });
    expect(findMentorForAdmin("0")).toBeNull();
  });
});
