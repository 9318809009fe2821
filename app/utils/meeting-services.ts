// The meeting services a live session may link to, by their addresses' hosts
// (a subdomain counts: us02web.zoom.us is Zoom). One home for both the admin
// form's check and the names pages show instead of the link.

const SERVICES = [
  { name: "Zoom", hosts: ["zoom.us"] },
  { name: "Google Meet", hosts: ["meet.google.com"] },
  { name: "YouTube Live", hosts: ["youtube.com", "youtu.be"] },
  { name: "Jitsi", hosts: ["meet.jit.si"] },
] as const;

export type MeetingService = (typeof SERVICES)[number]["name"];

/** The service an https address belongs to, or null for anything else (http, another host, not an address). */
export function meetingServiceOf(address: string): MeetingService | null {
  try {
    const url = new URL(address);
    if (url.protocol !== "https:") return null;
    const service = SERVICES.find(({ hosts }) => hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`)));
    return service?.name ?? null;
  } catch {
    return null;
  }
}

/**
 * Where "Join the class" may lead: the form posts to this site, whose answer
 * redirects to the meeting, and browsers hold a form's redirects to the
 * page's CSP form-action too (CSP Level 3).
 */
export const MEETING_FORM_TARGETS = SERVICES.flatMap(({ hosts }) => hosts.flatMap((host) => [`https://${host}`, `https://*.${host}`]));
