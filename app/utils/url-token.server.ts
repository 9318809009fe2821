import { randomBytes } from "node:crypto";

// A secret that stands in an address (a shared file's link, a calendar feed):
// 32 random bytes, base64url, 43 characters. Whoever holds the address holds
// what it opens, so it is as long as a session's secret and nothing in it
// can be guessed from another one.

export const URL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const newUrlToken = () => randomBytes(32).toString("base64url");
