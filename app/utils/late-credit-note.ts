// What a credit note issued after its CGST Act s.34(2) deadline means, in the
// words every place that shows one uses (decision 0050): the admin's order
// row, the invoice register, the team's mail and the printed note.

/** What the institute does instead of claiming the note in its GST return. */
export const LATE_CREDIT_NOTE_ADVICE =
  "The refund to the student stands, but do not report this credit note in the GST returns (GSTR-1) or reduce the tax paid on the invoice: the GST on it stays payable. Ask the accountant to book the refund as a financial credit note without GST.";

/** The line printed on the note itself, naming the day it missed ("Nov 30, 2027"). */
export const lateCreditNotePrintedLine = (deadlineLabel: string) =>
  `Issued after ${deadlineLabel}, the last day under section 34(2) of the CGST Act: no reduction of output tax may be claimed for this credit note.`;

/** The short flag beside the note's number. */
export const lateCreditNoteFlag = (deadlineLabel: string) => `Late: past the GST deadline of ${deadlineLabel}, reduces no GST`;
