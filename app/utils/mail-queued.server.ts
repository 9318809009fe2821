import { remember } from "@epic-web/remember";

// Whether this process has queued mail since the mail writer last looked. The
// writer runs after every loader and action; a request that queued nothing
// then costs no query. Kept on the process (remember), as the Remix build and
// the server around it are separate bundles sharing one process and one
// database. Mail queued by another process is written by the sender, which
// always looks.

const note = remember("mail-queued-since-written", () => ({ queued: false }));

/** A transaction has queued a message (it may still roll back: the writer then finds nothing). */
export function noteMailQueued(): void {
  note.queued = true;
}

/** True once after mail was queued in this process; the caller then writes what is queued. */
export function takeMailQueuedNote(): boolean {
  const queued = note.queued;
  note.queued = false;
  return queued;
}
