// Words for the chat assistant: normalising a visitor's question, dropping
// filler words, fixing small typos and the synonym groups a trader uses.
// Pure functions, no database.

/** Lower case, "&" as "and", everything but letters, digits and ₹ as spaces. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9₹\p{Script=Devanagari}]+/gu, " ")
    .trim();
}

export function words(text: string): string[] {
  const normal = normalise(text);
  return normal ? normal.split(" ") : [];
}

/** English and Hinglish filler that says nothing about the topic. */
export const STOPWORDS = new Set(
  (
    "a an the and or but of to in on at by for from with about as into is are was were be been being am do does did " +
    "i me my we us our you your yours it its this that these those there here what which who whom whose when where why how " +
    "can could would should will shall may might must have has had having get got give tell know want need please pls plz " +
    "any some all much many more most very just also only so than then too not no yes ok okay hi hello hey dear sir madam " +
    "there s t let lets im ive id youre whats wht wat u ur r thanks thank " +
    "hai hain h kya ka ki ke ko se me mein mujhe muje hume humein hum aap ap tum batao bataiye bolo chahiye chaiye karna " +
    "krna kar kr raha rahi rahe tha thi the bhi toh to ek yeh ye woh wo koi kuch jo aur ya nahi na haan"
  ).split(" "),
);

/** Words so common on this site that alone they name nothing. */
export const GENERIC = new Set([
  "course",
  "courses",
  "class",
  "classes",
  "program",
  "programme",
  "programs",
  "training",
  "trading",
  "trade",
  "trader",
  "traders",
  "learn",
  "learning",
  "market",
  "markets",
  "academy",
  "institute",
  "tradingmaster",
  "trademaster",
]);

/**
 * Synonym groups. `phrases` are what visitors type (whole words or phrases);
 * `expand` are the index's words added to the search when any phrase is present.
 */
export const SYNONYMS = {
  smc: {
    phrases: [
      "smc",
      "smart money",
      "smart money concept",
      "smart money concepts",
      "ict",
      "inner circle",
      "inner circle trader",
      "order block",
      "order blocks",
      "orderblock",
      "fvg",
      "fair value gap",
      "liquidity",
    ],
    expand: ["smc", "smart", "money", "concepts", "ict"],
  },
  forex: {
    phrases: ["forex", "fx", "currency", "currencies", "usdinr", "usd inr", "rupee", "dollar", "foreign exchange"],
    expand: ["currency", "forex"],
  },
  price: {
    phrases: [
      "fee",
      "fees",
      "price",
      "prices",
      "pricing",
      "priced",
      "cost",
      "costs",
      "costing",
      "charge",
      "charges",
      "how much",
      "kitna",
      "kitne",
      "kitni",
      "amount",
      "rs",
      "rupees",
      "₹",
      "inr",
      "cheap",
      "cheapest",
      "expensive",
      "costliest",
      "affordable",
      "budget",
      "paid",
      "discount",
    ],
    expand: ["price", "fee", "cost"],
  },
  refund: {
    phrases: ["refund", "refunds", "refundable", "money back", "cancel", "cancellation", "paisa wapas", "wapas", "return my money"],
    expand: ["refund", "refunded"],
  },
  event: {
    phrases: [
      "webinar",
      "webinars",
      "event",
      "events",
      "seminar",
      "seminars",
      "workshop",
      "workshops",
      "bootcamp",
      "masterclass",
      "meetup",
      "competition",
      "challenge",
      "this week",
      "session",
      "sessions",
    ],
    expand: ["event", "webinar", "workshop"],
  },
  hours: {
    phrases: [
      "timing",
      "timings",
      "hours",
      "office hours",
      "open",
      "opening",
      "available",
      "availability",
      "support",
      "working hours",
      "time to call",
    ],
    expand: ["support", "available", "hours"],
  },
  contact: {
    phrases: [
      "contact",
      "whatsapp",
      "whats app",
      "phone",
      "mobile",
      "number",
      "call",
      "email",
      "mail",
      "reach",
      "telegram",
      "talk",
      "speak",
      "helpline",
    ],
    expand: ["contact", "whatsapp", "phone", "email"],
  },
  beginner: {
    phrases: [
      "beginner",
      "beginners",
      "new",
      "newbie",
      "novice",
      "fresher",
      "start",
      "starting",
      "started",
      "basics",
      "basic",
      "zero",
      "first time",
      "naya",
      "shuru",
      "no experience",
      "which course",
      "suggest",
      "recommend",
    ],
    expand: ["beginner", "basics"],
  },
  certificate: {
    phrases: ["certificate", "certificates", "certification", "diploma"],
    expand: ["certificate"],
  },
  certified: {
    phrases: ["certified", "nse", "recognised", "recognized", "accredited", "genuine", "legit"],
    expand: ["certified", "nse"],
  },
  mentorship: {
    phrases: [
      "mentor",
      "mentors",
      "mentorship",
      "mentoring",
      "one on one",
      "1 on 1",
      "one to one",
      "personal",
      "coach",
      "coaching",
      "guidance",
    ],
    expand: ["mentorship", "personal", "mentor"],
  },
  faq: {
    phrases: ["faq", "faqs", "frequently asked", "faq section", "common questions"],
    expand: ["faq"],
  },
} as const;

export type SynonymGroup = keyof typeof SYNONYMS;

/** Every single word the synonym groups know, for typo correction. */
const SYNONYM_WORDS = new Set(
  Object.values(SYNONYMS).flatMap((group) => [...group.phrases, ...group.expand].flatMap((phrase) => phrase.split(" "))),
);

/** Whether the (normalised, corrected) question contains any phrase of the group as whole words. */
export function mentions(question: string, group: SynonymGroup): boolean {
  return SYNONYMS[group].phrases.some((phrase) => containsPhrase(question, phrase));
}

export function containsPhrase(question: string, phrase: string): boolean {
  return ` ${question} `.includes(` ${phrase} `);
}

/** Levenshtein distance, giving up once it passes `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** Everyday words one letter away from one of ours, which must stay as typed. */
const COMMON_WORDS = [
  "teach",
  "teaches",
  "taught",
  "match",
  "watch",
  "online",
  "offline",
  "office",
  "options",
  "option",
  "stock",
  "stocks",
  "share",
  "shares",
  "crypto",
  "bitcoin",
  "people",
  "person",
  "timing",
  "better",
  "become",
  "places",
  "prices",
  "number",
  "numbers",
];

/** The known words for each index vocabulary (a new vocabulary Set whenever the index changes). */
const knownWords = new WeakMap<Set<string>, Set<string>>();

/**
 * The question with misspelt words replaced by the nearest known word
 * ("webnar" → "webinar", "timimgs" → "timings"): one edit for words of 6+
 * letters, two for 8+. Known words stay as they are; shorter words are left to
 * the search's own fuzzy matching, as a one-letter change turns too many short
 * English words into ours ("teach" → "reach").
 */
export function correctSpelling(question: string, vocabulary: Set<string>): string {
  let known = knownWords.get(vocabulary);
  if (!known) {
    known = new Set([...SYNONYM_WORDS, ...GENERIC, ...COMMON_WORDS, ...vocabulary]);
    knownWords.set(vocabulary, known);
  }
  return question
    .split(" ")
    .filter(Boolean)
    .map((word) => {
      if (word.length < 6 || known.has(word) || STOPWORDS.has(word) || /\d/.test(word)) return word;
      const max = word.length >= 8 ? 2 : 1;
      let best = word;
      let bestDistance = max + 1;
      for (const candidate of known as Set<string>) {
        if (candidate.length < 4) continue;
        const distance = editDistance(word, candidate, max);
        if (distance < bestDistance) {
          best = candidate;
          bestDistance = distance;
        }
      }
      return best;
    })
    .join(" ");
}

export type SearchQuery = {
  /** The visitor's own topic words (filler dropped). */
  words: string[];
  /** Index words added by the synonym groups the question mentions. */
  expansions: string[];
  /** For each own word, the expansions its synonym groups added (so "fx" counts as matched through "currency"). */
  aliases: Map<string, string[]>;
};

/** The question's topic words plus the index words of every synonym group it mentions. */
export function searchQuery(question: string): SearchQuery {
  const own = [...new Set(words(question).filter((word) => !STOPWORDS.has(word)))];
  const expansions = new Set<string>();
  const aliases = new Map<string, string[]>(own.map((word) => [word, []]));
  for (const group of Object.keys(SYNONYMS) as SynonymGroup[]) {
    const phrases = SYNONYMS[group].phrases.filter((phrase) => containsPhrase(question, phrase));
    if (phrases.length === 0) continue;
    for (const term of SYNONYMS[group].expand) expansions.add(term);
    for (const phrase of phrases) for (const word of phrase.split(" ")) aliases.get(word)?.push(...SYNONYMS[group].expand);
  }
  for (const word of own) expansions.delete(word);
  return { words: own, expansions: [...expansions], aliases };
}
