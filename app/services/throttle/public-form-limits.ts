// The numbers of the public forms' limits (docs/decisions/0013-throttling.md,
// "Forms that mail someone"), apart from the counters so the reliability suite
// can read them without opening the site's database.

/** A class of 30 behind one carrier-grade NAT address, with room for retries and neighbours; a script gets no further. */
export const PUBLIC_FORM_LIMITS = { postsPerClientPerHour: 40, acknowledgementsPerRecipientPerDay: 3 } as const;
