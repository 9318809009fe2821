// Page actions read web forms. A body that is no form at all (JSON, XML, plain
// text, a multipart body without its boundary or cut short) is the sender's
// mistake: a 400 that says so, never the 500 an unreadable body would throw.

export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please go back, reload the page and submit the form again.";

export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw Response.json({ message: UNREADABLE_FORM_MESSAGE }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
}
