/** The student session cookie's name (tests plant it to sign a browser in). */
export const STUDENT_SESSION_COOKIE = "__session";

/** Admins have a cookie of their own: an admin session never doubles as a student's. */
export const ADMIN_SESSION_COOKIE = "__admin_session";
