// Full-text retrieval over the assistant's knowledge with MiniSearch: title,
// keywords and text fields (title counts most), prefix and fuzzy matching,
// and the question expanded with a trader's synonyms (weighted below the
// visitor's own words).
import MiniSearch from "minisearch";
import type { ChatDoc } from "./knowledge.server";
import { GENERIC, STOPWORDS, normalise, searchQuery } from "./text";

export type Hit = {
  doc: ChatDoc;
  score: number;
  /** Share of the visitor's own words the document matched (directly or through a synonym). */
  coverage: number;
  /** Whether a matched word names something, rather than only "course" or "trading". */
  specific: boolean;
};

export type SearchOptions = { kinds?: ChatDoc["kind"][]; fields?: ("title" | "keywords" | "text")[] };

export type ChatIndex = {
  search: (question: string, options?: SearchOptions) => Hit[];
  /** Words of titles and keywords, for typo correction. */
  vocabulary: Set<string>;
};

/**
 * The synonyms' words together weigh a small fraction of the visitor's own
 * words: they find documents when the own words find none ("fx" → currency)
 * and break ties, but never outrank a document the visitor named.
 */
const EXPANSION_WEIGHT = 0.05;

/** A light plural fold, the same for the index and the question: "sessions" → "session". */
function stem(word: string): string {
  return word.length > 4 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

function processTerm(term: string): string | null {
  const word = normalise(term);
  if (!word || STOPWORDS.has(word)) return null;
  return stem(word);
}

/** A hit good enough to answer from: it names something and matches at least half the question. */
export function isAnswer(hit: Hit): boolean {
  return hit.specific && hit.coverage >= 0.5;
}

function createIndex() {
  return new MiniSearch<ChatDoc>({
    fields: ["title", "keywords", "text"],
    idField: "id",
    processTerm,
    tokenize: (text) => normalise(text).split(" "),
    searchOptions: {
      boost: { title: 3, keywords: 2, text: 1 },
      combineWith: "OR",
    },
  });
}

type SharedIndex = {
  index: MiniSearch<ChatDoc>;
  /** Each indexed document's searchable text, to see what changed. */
  indexed: Map<string, string>;
  /** The documents of the latest question (their facts, prices included, are always the latest read). */
  docs: Map<string, ChatDoc>;
  vocabulary: Set<string>;
  /** Every indexed term, to skip the (costly) fuzzy search for words the index has as they are. */
  terms: Set<string>;
};

let shared: SharedIndex | undefined;

/**
 * The index, brought up to date with `docs` (read from the database for this
 * question). It lives between questions, but only as a cache of the searchable
 * text: changed, new and removed documents are re-indexed first, and the facts
 * an answer quotes are always the ones just read.
 */
export function buildIndex(docs: ChatDoc[]): ChatIndex {
  shared ??= { index: createIndex(), indexed: new Map(), docs: new Map(), vocabulary: new Set(), terms: new Set() };
  const { index, indexed } = shared;
  const current = new Map(docs.map((doc) => [doc.id, doc]));
  let changed = false;
  for (const id of [...indexed.keys()])
    if (!current.has(id)) {
      index.discard(id);
      indexed.delete(id);
      changed = true;
    }
  for (const doc of docs) {
    const text = `${doc.title}\n${doc.keywords}\n${doc.text}`;
    const before = indexed.get(doc.id);
    if (before === text) continue;
    if (before === undefined) index.add(doc);
    else index.replace(doc);
    indexed.set(doc.id, text);
    changed = true;
  }
  shared.docs = current;
  if (changed) {
    shared.vocabulary = new Set();
    shared.terms = new Set();
    for (const doc of docs) {
      for (const word of normalise(`${doc.title} ${doc.keywords}`).split(" ")) if (word) shared.vocabulary.add(word);
      for (const word of normalise(doc.text).split(" ")) {
        const term = processTerm(word);
        if (term) shared.terms.add(term);
      }
    }
    for (const word of shared.vocabulary) {
      const term = processTerm(word);
      if (term) shared.terms.add(term);
    }
  }
  return searcher(shared);
}

function searcher({ index, docs: byId, vocabulary, terms }: SharedIndex): ChatIndex {
  return {
    vocabulary,
    search(question, { kinds, fields } = {}) {
      const query = searchQuery(question);
      const own = query.words.map(stem);
      if (own.length === 0 && query.expansions.length === 0) return [];
      const ownSet = new Set(own);
      const expansionBoost = EXPANSION_WEIGHT / Math.max(1, query.expansions.length);
      const aliases = new Map([...query.aliases].map(([word, expanded]) => [stem(word), [stem(word), ...expanded.map(stem)]] as const));
      return index
        .search([...own, ...query.expansions].join(" "), {
          ...(fields ? { fields } : {}),
          boostTerm: (term) => (ownSet.has(term) ? 1 : expansionBoost),
          // The visitor's words only (synonyms are the index's own words): prefix for 4+ letters
          // ("mentor" finds "mentorship"); for a word the index lacks, one typo from 5 letters, two from 9.
          prefix: (term) => ownSet.has(term) && term.length >= 4,
          fuzzy: (term) => (!ownSet.has(term) || terms.has(term) ? false : term.length >= 9 ? 2 : term.length >= 5 ? 1 : false),
          ...(kinds ? { filter: (result) => kinds.includes(byId.get(String(result.id))?.kind ?? "faq") } : {}),
        })
        .flatMap((result): Hit[] => {
          const doc = byId.get(String(result.id));
          if (!doc) return [];
          const matched = new Set(result.queryTerms);
          const covered = own.filter((word) => (aliases.get(word) ?? [word]).some((alias) => matched.has(alias)));
          return [
            {
              doc,
              score: result.score,
              coverage: own.length === 0 ? 0 : covered.length / own.length,
              specific: covered.some((word) => !GENERIC.has(word) && !GENERIC.has(`${word}s`)),
            },
          ];
        });
    },
  };
}
