import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { listActiveMentors } from "~/models/content/mentor.server";
import type { BatchSave } from "~/models/batches/batch.server";
import { countOf } from "~/utils/plural";

/** The mentors a batch or a session may name. */
export const mentorChoices = () => listActiveMentors().map((mentor) => ({ id: mentor.id, name: mentor.name }));

/** A refused save, said on the field it concerns; a batch gone is a 404. */
export function batchRefusal(submission: Submission<unknown, string[], unknown>, result: Extract<BatchSave, { ok: false }>) {
  switch (result.reason) {
    case "not-found":
      throw new Response("Not Found", { status: 404 });
    case "unknown-mentor":
      return data({ result: submission.reply({ fieldErrors: { leadMentorId: ["Choose a mentor from the list"] } }) }, { status: 409 });
    case "pricing-is-admins":
      return data(
        { result: submission.reply({ fieldErrors: { price: ["Only an administrator can set a batch's price"] } }) },
        { status: 403 },
      );
    case "below-taken":
      return data(
        {
          result: submission.reply({
            fieldErrors: { seats: [`Seats cannot be fewer than the ${countOf(result.taken, "seat")} already taken`] },
          }),
        },
        { status: 409 },
      );
  }
}
