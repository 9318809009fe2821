// Reading a meeting's participant report: Zoom's (with and without its block
// about the meeting) and Google Meet's, quoted the way RFC 4180 quotes; and
// files that are no report refused with a message that says why.
import { describe, expect, it } from "vitest";
import { readParticipantReport, REPORT_MESSAGES } from "./participant-report.server";

const bytes = (text: string) => new TextEncoder().encode(text);

const ZOOM_WITH_MEETING_DATA = [
  "\ufeffMeeting ID,Topic,Start Time,End Time,User Email,Duration (Minutes),Participants,",
  '812 3456 7890,"Levels, day 1",12/01/2026 07:00:00 PM,12/01/2026 08:30:00 PM,host@institute.example,90,4,',
  "",
  "Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest,Recording Consent",
  "Asha Rao,asha@example.com,12/01/2026 07:01:02 PM,12/01/2026 08:30:00 PM,89,No,Y",
  '"Rao, Ravi (Ravi R)", RAVI@Example.com ,12/01/2026 07:05:00 PM,12/01/2026 07:40:00 PM,35,No,Y',
  "Ravi Rao,ravi@example.com,12/01/2026 07:45:00 PM,12/01/2026 08:30:00 PM,45,No,Y",
  "Visitor,,12/01/2026 07:10:00 PM,12/01/2026 07:20:00 PM,10,Yes,",
].join("\r\n");

const GOOGLE_MEET = [
  "First name,Last name,Email,Duration,Time joined,Time exited",
  "Asha,Rao,asha@example.com,1 hr 28 min,7:01 PM,8:30 PM",
  '"Meera ""Mini""",Shah,meera@example.com,45 min,7:10 PM,7:55 PM',
  "",
].join("\n");

describe("readParticipantReport", () => {
  it("reads Zoom's report below its block about the meeting: the participants' addresses, not the host's", async () => {
    expect(await readParticipantReport(bytes(ZOOM_WITH_MEETING_DATA))).toEqual({
      ok: true,
      report: { format: "zoom", emails: ["asha@example.com", "RAVI@Example.com", "ravi@example.com"], rowsWithoutEmail: 1 },
    });
  });

  it("reads Zoom's report exported without the meeting's block", async () => {
    const text = ZOOM_WITH_MEETING_DATA.split("\r\n").slice(3).join("\r\n");
    expect(await readParticipantReport(bytes(text))).toMatchObject({ ok: true, report: { format: "zoom", rowsWithoutEmail: 1 } });
  });

  it("reads Google Meet's attendance report, quotes and doubled quotes included", async () => {
    expect(await readParticipantReport(bytes(GOOGLE_MEET))).toEqual({
      ok: true,
      report: { format: "google-meet", emails: ["asha@example.com", "meera@example.com"], rowsWithoutEmail: 0 },
    });
  });

  it("keeps a quoted line break inside its cell, and counts a cell that holds no address as a row without one", async () => {
    const text = 'Name,Email\n"Asha\nRao",asha@example.com\nRavi,not an address\n=HYPERLINK("x"),ravi@example.com\n';
    expect(await readParticipantReport(bytes(text))).toEqual({
      ok: true,
      report: { format: "participant-list", emails: ["asha@example.com", "ravi@example.com"], rowsWithoutEmail: 1 },
    });
  });

  it("refuses a file that is no CSV: a PDF, a spreadsheet, a binary, an empty file", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]);
    for (const file of [bytes("%PDF-1.7\n1 0 obj\n"), zip, new Uint8Array([0x41, 0x00, 0x42]), new Uint8Array()])
      expect(await readParticipantReport(file)).toEqual({ ok: false, message: REPORT_MESSAGES.notCsv });
  });

  it("refuses a CSV with broken quoting, one without an email column, and one with no participant", async () => {
    const broken = await readParticipantReport(bytes('Name,Email\n"Asha,asha@example.com\n'));
    expect(broken.ok).toBe(false);
    expect(broken.ok ? "" : broken.message).toMatch(/^This CSV file could not be read \(.+\)\. Export the report again/);
    expect(await readParticipantReport(bytes("Name,Joined\nAsha,7:01 PM\n"))).toEqual({
      ok: false,
      message: REPORT_MESSAGES.noEmailColumn,
    });
    // Zoom's block about the meeting alone has the host's "User Email", but lists no participant.
    expect(await readParticipantReport(bytes(ZOOM_WITH_MEETING_DATA.split("\r\n").slice(0, 2).join("\r\n")))).toEqual({
      ok: false,
      message: REPORT_MESSAGES.noEmailColumn,
    });
    expect(await readParticipantReport(bytes("First name,Last name,Email\n\n"))).toEqual({ ok: false, message: REPORT_MESSAGES.noRows });
  });
});
