import { describe, expect, test } from "vitest";
import {
  claimPhrasesIn,
  claimWarningText,
  CRYPTO_DISCLAIMER,
  CRYPTO_WARNING,
  editorWarning,
  findClaims,
  pageProblems,
  textsIn,
} from "./claims";

describe("findClaims", () => {
  test.each([
    "95% success rate",
    "Our students make a 75% average return",
    "80%+ success-rate strategies",
    "Guaranteed profits every month",
    "assured returns on your capital",
    "Earn monthly income from trading",
    "returns of 30% a year",
    "profits up to ₹50,000",
    "Double your money in 6 months",
    "3x returns in a year",
    "6 proven trading setups",
    "90% accurate calls",
    "a 70% win rate",
    "a sure-shot profit strategy",
    "Yes, we are NSE certified",
    "an institute endorsed by SEBI",
    "Best Trading Education Institute 2024",
    "15+ awards",
    "one of the country's most trusted trading schools",
    "India's No. 1 trading academy",
    "Traders meets in 15+ cities",
    "Join thousands of students",
    "Live Trading Sessions",
    "Live trading sessions during Indian market hours",
    "Trade alongside our mentors in real time",
    "a briefing on the day's bias",
    "today's market levels",
    "live analysis of Nifty from pre-open to close",
    "Top three traders win a free seat",
    "cash prizes for the winners",
    "Compete on risk-adjusted returns, not just profit.",
  ])("flags %j", (text) => {
    expect(findClaims(text)).not.toEqual([]);
  });

  test.each([
    "Set a take-profit at the next liquidity pool",
    "Move your stop to break-even before taking partial profits",
    "No tips, no guaranteed profits: trading carries risk, and we say so plainly.",
    "We never promise returns.",
    "Your account is ₹50,000 and your rule is to risk 1% per trade.",
    "You need 70% to pass the quiz, and you can try again.",
    "Live classes on replayed markets whose prices are at least 30 days old",
    "a live session on a replayed market",
    "No prizes and no rankings: your plan is reviewed on process.",
    "pairs traded on recognised Indian exchanges through SEBI-registered brokers",
    "Beginners do best by reading the daily chart",
    "Most traders find these trades have a far worse win rate than their planned ones.",
    "price often returns to the order block",
  ])("lets %j pass", (text) => {
    expect(findClaims(text)).toEqual([]);
  });

  test("says why each claim is one", () => {
    expect(findClaims("A 95% success rate and guaranteed returns")).toEqual(
      expect.arrayContaining([
        { text: "95% success", why: "a percentage of returns, profit, accuracy or success" },
        { text: "success rate", why: "a success rate" },
      ]),
    );
  });
});

describe("an editor's saved values", () => {
  test("every text in them is checked, each phrase named once; files and numbers are not text", () => {
    const values = {
      title: "Swing trading",
      price: 499900,
      features: ["Guaranteed returns", "Live sessions"],
      nested: { body: "guaranteed returns again?" },
      coverPhoto: new Blob(["guaranteed returns"]),
    };
    expect(textsIn(values)).toEqual(["Swing trading", "Guaranteed returns", "Live sessions", "guaranteed returns again?"]);
    expect(claimPhrasesIn(textsIn(values))).toEqual(["Guaranteed returns", "guaranteed returns"]);
    expect(claimPhrasesIn(["Position sizing", "No guaranteed returns here"])).toEqual([]);
  });
});

describe("pageProblems", () => {
  test("crypto needs ASCI's disclaimer in full on the same page", () => {
    expect(pageProblems("Learn crypto basics.")).toEqual([
      { text: "crypto", why: "crypto mentioned without ASCI's crypto disclaimer in full" },
    ]);
    expect(pageProblems(`Learn crypto basics. ${CRYPTO_DISCLAIMER}`)).toEqual([]);
    expect(pageProblems("Learn crypto basics. Crypto products and NFTs are unregulated and can be highly risky.")).not.toEqual([]);
  });
});

describe("editorWarning", () => {
  test("names the claims, asks for ASCI's disclaimer when crypto is mentioned without it (in any field), and is empty otherwise", () => {
    expect(editorWarning(["Guaranteed returns", "Position sizing"])).toBe(claimWarningText(["Guaranteed returns"]));
    expect(editorWarning(["Bitcoin basics", "Wallet safety"])).toBe(CRYPTO_WARNING);
    expect(editorWarning(["Crypto basics", CRYPTO_DISCLAIMER])).toBe("");
    expect(editorWarning(["Crypto with guaranteed returns"])).toBe(`${claimWarningText(["guaranteed returns"])} ${CRYPTO_WARNING}`);
    expect(editorWarning(["Position sizing"])).toBe("");
  });
});
