// What a student sees and is told on their account pages.

export const ACCOUNT_MESSAGES = {
  wrongPassword: "That is not your current password",
  currentPasswordRequired: "Enter your current password",
  sameAddress: "That is already your email address",
  justAsked: "We sent a link less than a minute ago: please check that inbox, or wait a minute before asking again.",
  changedElsewhere: "Your password was changed on another device meanwhile. Reload the page and try again.",
} as const;

export const DELETE_ACCOUNT_MESSAGES = {
  required: "Type it to confirm",
  wrongPassword: "That is not your current password. Nothing was deleted.",
  wrongEmail: "That is not your account's email address. Nothing was deleted.",
} as const;

/** What the page after a sign-in says when the browser came back without the session cookie. */
export const COOKIE_REFUSED_MESSAGES = {
  title: "Your Browser Did Not Keep You Signed In",
  text: "Your password was right, but your browser refused the cookie that keeps you signed in, so every page still sees you as signed out.",
  fix: (host: string) =>
    `Allow cookies for ${host} (this site uses one to keep you signed in and one to remember your choices, never for advertising), or leave private browsing, then sign in again.`,
  again: "Sign In Again",
} as const;
