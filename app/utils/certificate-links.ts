// Where a certificate is downloaded and where anyone can check its number.
// Plain strings, safe in browser code (dashboard and classroom links).

/** The signed-in owner's certificate PDF for a course. */
export const certificateDownloadPath = (courseId: number) => `/learn/${courseId}/certificate`;

/** The classroom's page that tells the owner their certificate for a course was revoked. */
export const certificateRevokedPath = (courseId: number) => `/learn/${courseId}/certificate/revoked`;

/** The public page that confirms a certificate's name, course and date. */
export const certificateCheckPath = (number: string) => `/certificates/${encodeURIComponent(number)}`;
