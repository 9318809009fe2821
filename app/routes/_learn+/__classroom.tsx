// Pieces the classroom's pages share.

/** Shown to an admin opening the classroom: what they see is what a student sees, and nothing is recorded. */
export function PreviewBanner() {
  return (
    <p role="status" className="mb-6 rounded-xl bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950 ring-1 ring-amber-300">
      Preview as student: you are signed in as an admin, so nothing you do here is recorded.
    </p>
  );
}
