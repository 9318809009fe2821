import type { ServerBuild } from "@remix-run/node";
import { writeQueuedMail } from "~/services/mail/writer.server";
import { noteMailQueued, takeMailQueuedNote } from "~/utils/mail-queued.server";
import { wrapLoadersAndActions, type DataFunction } from "~/utils/server-build.server";

// A request that queued mail (a sign-up, a payment's webhook) has committed its
// transaction by the time its loader or action returns: its messages are
// written then, before the answer goes out, so the outbox an admin opens next
// already reads as the mail that will be sent. A request that queued nothing
// costs no query (app/utils/mail-queued.server.ts).

function writingMailAfter<F extends DataFunction>(fn: F): F {
  const wrapped = async (...args: Parameters<F>) => {
    try {
      return await fn(...args);
    } finally {
      try {
        if (takeMailQueuedNote()) writeQueuedMail();
      } catch (error) {
        // The answer stands; the next request (or the sender) tries again.
        noteMailQueued();
        console.warn("Mail: queued messages could not be written:", error);
      }
    }
  };
  return wrapped as F;
}

/** The build with queued mail written after every route's loader and action. */
export function withMailWritten(build: ServerBuild): ServerBuild {
  return wrapLoadersAndActions(build, writingMailAfter);
}
