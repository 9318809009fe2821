/** A replay of the practice lab, for its students. */
export const labPath = (courseId: number, exerciseId: number) => `/learn/${courseId}/lab/${exerciseId}`;

/** One trade of the student's journal. */
export const journalPath = (tradeId: number) => `/learn/journal/${tradeId}`;
