/** The student session cookie's name (tests plant it to sign a browser in). */
export const STUDENT_SESSION_COOKIE = "__session";
