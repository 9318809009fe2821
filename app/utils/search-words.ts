// How an admin search is split into the words the full-text indexes look up:
// the indexes are of three-character pieces (trigrams), so a shorter word
// cannot be found and is left out. Shared by the lists (server) and the
// table that explains an unanswerable search (client).

/** The fewest characters a searched word has. */
export const MIN_SEARCH_WORD = 3;

/** The words of a search that can be looked up, in order. */
export function searchWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => [...word].length >= MIN_SEARCH_WORD);
}
