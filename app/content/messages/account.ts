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
