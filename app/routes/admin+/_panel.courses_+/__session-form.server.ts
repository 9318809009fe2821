import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { BatchSessionSave } from "~/models/batches/batch-session.server";

/** A refused session save, said where it belongs; a session or batch gone is a 404. */
export function sessionRefusal(submission: Submission<unknown, string[], unknown>, result: Extract<BatchSessionSave, { ok: false }>) {
  switch (result.reason) {
    case "not-found":
      throw new Response("Not Found", { status: 404 });
    case "unknown-mentor":
      return data({ result: submission.reply({ fieldErrors: { mentorId: ["Choose a mentor from the list"] } }) }, { status: 409 });
    case "cancelled":
      return data(
        { result: submission.reply({ formErrors: ["This session was cancelled", "A cancelled session cannot be changed."] }) },
        { status: 409 },
      );
  }
}
