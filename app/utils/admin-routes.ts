// Paths between an admin list and the dialogs opened over it.

/** The list behind a dialog, keeping its search and filters (?q=…&status=…). */
export function listPathFor(request: Request, listPath: string): string {
  const search = new URL(request.url).search;
  return `${listPath}${search}`;
}
