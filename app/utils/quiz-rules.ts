// A quiz's rules when its lesson sets none, and the range an admin may set
// (docs/decisions/0048-quiz-attempts.md). The curriculum editor's form and
// the classroom read the same numbers.

export const QUIZ_DEFAULTS = { passPercent: 70, maxAttempts: 3, retryWaitMinutes: 10 } as const;

export const QUIZ_LIMITS = {
  maxAttempts: { min: 1, max: 10 },
  /** At least a minute: a student never gets a second attempt straight after the first. At most a day. */
  retryWaitMinutes: { min: 1, max: 24 * 60 },
} as const;
