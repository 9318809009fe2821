// Shared by /account/events and its calendar download.

/** The toast a signed-out visitor sees on the way to sign in. */
export const SIGN_IN_TO_SEE_EVENTS = { title: "Please sign in", description: "Sign in to see your events." };
