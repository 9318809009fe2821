// The demo courses' classrooms: sections, lessons of every kind but video, a
// quiz with one- and many-answer questions, a live session ahead in India time
// and a worksheet to download, so a fresh site shows a working classroom.
// Examples are generic and timeless: no recent market prices and no claims of
// returns, profit or accuracy (SEBI's rules for education).
// No video lessons: the demo has no recorded videos to show, and a lesson
// pointing at a video that does not exist would be a broken promise.
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { indiaDayAt } from "../app/utils/dates";
import type { AppDatabase } from "../app/utils/db.server";
import { courseSections, lessonFiles, lessons, quizQuestions } from "./schema";

type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

type Question = { prompt: string; options: string[]; correct: number[] };
type LessonSeed = { title: string; minutes: number; body: string } & (
  | { type: "article"; preview?: true }
  | { type: "download" }
  | { type: "live"; inDays: number; at: string }
  | { type: "quiz"; questions: Question[] }
);
type SectionSeed = { title: string; lessons: LessonSeed[] };

const WORKSHEET = {
  // From the working directory, as the migrations are: the server runs bundled from build/.
  source: resolve(process.cwd(), "db/seed-files/trading-plan-and-journal-worksheet.pdf"),
  filename: "trading-plan-and-journal-worksheet.pdf",
};

const worksheetLesson: LessonSeed = {
  type: "download",
  title: "Worksheet: your trading plan and journal",
  minutes: 10,
  body: "Download the worksheet and print a few copies, or fill it in on screen. Complete one sheet for every practice trade: the plan before you enter, the review after you exit. Bring your filled-in sheets to the live Q&A.",
};

const liveLesson = (topic: string): LessonSeed => ({
  type: "live",
  title: `Live Q&A: ${topic}`,
  minutes: 60,
  inDays: 7,
  at: "19:30",
  body: `A live session with a mentor on ${topic.toLowerCase()}. Bring your questions and your journal: we work through students' practice trades on historical charts. The join link appears here for enrolled students; the recording is added afterwards.`,
});

const riskQuestions: Question[] = [
  {
    prompt: "Your account is ₹50,000 and your rule is to risk 1% per trade. How much may one trade lose?",
    options: ["₹50", "₹500", "₹5,000", "Whatever the setup needs"],
    correct: [1],
  },
  {
    prompt: "Which of these belong in a written trading plan? Choose all that apply.",
    options: ["The setups you trade", "Where your stop goes", "A tip from a chat group", "Your daily loss limit"],
    correct: [0, 1, 3],
  },
  {
    prompt: "Your stop is hit. What does your plan say to do next?",
    options: [
      "Enter again at once with a larger size",
      "Record the trade in your journal and wait for the next valid setup",
      "Move the stop further away next time",
    ],
    correct: [1],
  },
  {
    prompt: "Which statements about a demo account are true? Choose all that apply.",
    options: [
      "It lets you practise your plan without risking money",
      "Its results promise the same results with real money",
      "It is a good place to learn the order screens",
    ],
    correct: [0, 2],
  },
];

const CURRICULA: Record<string, SectionSeed[]> = {
  "Currency Trading": [
    {
      title: "Getting started",
      lessons: [
        {
          type: "article",
          preview: true,
          title: "Welcome: how this course works",
          minutes: 5,
          body: "This course takes you from the basics of currency pairs to a written trading plan of your own. Each section has short reading lessons, a worksheet and a quiz, and a live Q&A with a mentor.\n\nWork through the lessons in order, practise on a demo account, and use the journal worksheet for every practice trade. Trading involves risk of loss: nothing here is advice to buy or sell.",
        },
        {
          type: "article",
          title: "What a currency pair is",
          minutes: 10,
          body: "A currency pair such as USD/INR shows how many units of the second currency (the quote) buy one unit of the first (the base). If USD/INR reads 80.00, one US dollar costs eighty rupees in that example.\n\n- When the pair rises, the base currency has strengthened against the quote.\n- When it falls, the base has weakened.\n\nOn Indian exchanges, residents trade currency derivatives on pairs such as USD/INR, EUR/INR, GBP/INR and JPY/INR through SEBI-registered brokers.",
        },
        {
          type: "article",
          title: "Exchange-traded currency futures in India",
          minutes: 12,
          body: "A currency future is a contract to exchange a fixed amount of currency at a set price on a future date. On NSE and BSE, one USD/INR contract is 1,000 US dollars, prices move in steps of a quarter paisa, and contracts expire monthly.\n\nYou put up margin rather than the full value, which means a small move in price is a larger share of the money you have at stake. Offshore forex platforms advertised on social media are not a permitted route for Indian residents.",
        },
      ],
    },
    {
      title: "Reading the chart",
      lessons: [
        {
          type: "article",
          title: "Candlesticks: what one candle tells you",
          minutes: 12,
          body: "Each candle records the open, high, low and close of its period. A long body means one side controlled the period; long wicks mean price travelled and was pushed back.\n\nRead a candle for where it sits: the same shape means more at a level the market has respected before than in the middle of a range.",
        },
        {
          type: "article",
          title: "Trends and market structure",
          minutes: 12,
          body: "An uptrend makes higher highs and higher lows; a downtrend lower highs and lower lows. Mark the swing points on a daily chart first, then on an hourly chart, and write down which way each timeframe leans before you look for a setup.",
        },
        {
          type: "article",
          title: "Support and resistance that matters",
          minutes: 12,
          body: "Support and resistance are areas, not single prices. Prefer levels the market reacted to clearly and more than once, and levels visible on a higher timeframe. Draw a few; a chart covered in lines tells you nothing.",
        },
        {
          type: "article",
          title: "The economic calendar",
          minutes: 8,
          body: "Scheduled releases such as RBI policy decisions, inflation data and US employment figures can move currency pairs sharply. Check the calendar before each session and decide in advance whether you will stay out around a release.",
        },
      ],
    },
    {
      title: "Risk and your trading plan",
      lessons: [
        {
          type: "article",
          title: "Position sizing for a small account",
          minutes: 12,
          body: "Decide the most you will lose on one trade as a share of your account, then size the position so that the distance to your stop costs no more than that.\n\nExample: with ₹50,000 and a 1% rule, one trade may lose ₹500. If your stop is 0.25 rupees away on a 1,000-dollar contract, one contract risks ₹250, so two contracts is your limit.",
        },
        worksheetLesson,
        {
          type: "quiz",
          title: "Quiz: risk and planning",
          minutes: 10,
          body: "Four questions on position sizing and your trading plan. You need 70% to pass, and you can try again.",
          questions: riskQuestions,
        },
        liveLesson("Currency trading plans"),
      ],
    },
  ],
  "Personal Mentorship": [
    {
      title: "Before your first session",
      lessons: [
        {
          type: "article",
          preview: true,
          title: "How the mentorship works",
          minutes: 5,
          body: "Your mentor works from your own trades. Before the first call you share your journal and the rules you follow today; each week you review your trades together and agree one thing to practise.\n\nThe mentorship is education: your mentor never places trades for you or tells you what to buy or sell.",
        },
        {
          type: "article",
          title: "Auditing your trade history",
          minutes: 15,
          body: "Export your last fifty trades, or as many as you have, and record for each the setup, the size, where the stop was and whether you followed your rules. The point is not the total: it is finding the pattern in the trades that broke your rules.",
        },
        {
          type: "article",
          title: "Setting goals you control",
          minutes: 8,
          body: 'Set goals about your behaviour, not about money: "I take only my two written setups", "I stop after two losing trades in a day". You can meet these every week whatever the market does.',
        },
      ],
    },
    {
      title: "Your core setup",
      lessons: [
        {
          type: "article",
          title: "Choosing one setup to master",
          minutes: 10,
          body: "Pick the one setup you understand best and trade only that one during the mentorship. Write its conditions as a checklist a stranger could follow.",
        },
        {
          type: "article",
          title: "Back-testing on historical charts",
          minutes: 15,
          body: "Go back through historical charts of one market and mark every place your checklist was met, whatever happened next. Record each in the worksheet. The count of valid setups and how you would have managed each teaches you more than any single example.",
        },
        {
          type: "article",
          title: "Execution drills",
          minutes: 10,
          body: "On a demo account, practise placing the entry, the stop and the target as one routine until it takes under a minute. Mistakes in order entry are the easiest losses to remove.",
        },
        worksheetLesson,
      ],
    },
    {
      title: "Discipline and review",
      lessons: [
        {
          type: "article",
          title: "Daily and weekly loss limits",
          minutes: 8,
          body: "A daily loss limit ends the session before a bad day becomes a bad month. Write the limit down, tell your mentor, and close the platform when it is reached.",
        },
        {
          type: "article",
          title: "Handling a losing streak",
          minutes: 10,
          body: "Losing streaks happen to every trader following any method. During one, halve your size, trade only your A-grade setups, and review each trade against your checklist with your mentor.",
        },
        {
          type: "quiz",
          title: "Quiz: risk and planning",
          minutes: 10,
          body: "Four questions on position sizing and your trading plan. You need 70% to pass, and you can try again.",
          questions: riskQuestions,
        },
        liveLesson("Reviewing your journal"),
      ],
    },
  ],
  "SMC & ICT Courses": [
    {
      title: "Foundations",
      lessons: [
        {
          type: "article",
          preview: true,
          title: "What Smart Money Concepts are, and where they fail",
          minutes: 8,
          body: "Smart Money Concepts describe how large orders leave traces on a chart: breaks of structure, pools of liquidity, order blocks and imbalances. They are a vocabulary for reading price, not a prediction. Every idea in this course is tested on historical charts before you use it.",
        },
        {
          type: "article",
          title: "Market structure: breaks and changes of character",
          minutes: 12,
          body: "A break of structure continues the trend: a new higher high in an uptrend. A change of character is the first break the other way: a lower low after a series of higher lows. Mark both on a higher timeframe before looking lower.",
        },
        {
          type: "article",
          title: "Liquidity: equal highs, equal lows and stop runs",
          minutes: 12,
          body: "Stop orders gather above obvious highs and below obvious lows. Price often reaches for these pools before a larger move. Mark equal highs and lows and note when they are taken.",
        },
      ],
    },
    {
      title: "Entry zones",
      lessons: [
        {
          type: "article",
          title: "Order blocks and breaker blocks",
          minutes: 12,
          body: "An order block is the last opposing candle before a move that breaks structure. A breaker is an order block that failed and was broken through. Keep only those that line up with the higher-timeframe direction.",
        },
        {
          type: "article",
          title: "Fair value gaps",
          minutes: 10,
          body: "A fair value gap is a three-candle pattern where the first and third candles' wicks do not overlap, leaving a gap price moved through quickly. Price often returns into it; treat it as an area to watch, not a signal by itself.",
        },
        {
          type: "article",
          title: "Premium, discount and optimal trade entry",
          minutes: 10,
          body: "Split a swing range in half: above the middle is premium, below it discount. Look for buys in discount and sells in premium, and plan the entry, stop and target before price arrives.",
        },
        {
          type: "article",
          title: "Killzones in Indian time",
          minutes: 8,
          body: "The London and New York sessions fall in the Indian afternoon and evening. Mark those windows in IST on your chart and note how your setups behave inside and outside them in your back-test.",
        },
      ],
    },
    {
      title: "Your entry model",
      lessons: [
        worksheetLesson,
        {
          type: "article",
          title: "Back-testing an entry model",
          minutes: 15,
          body: "Write the model as a checklist, then mark every occurrence on historical charts of one market, including the ones that failed. Only a model you have tested and recorded belongs in your plan.",
        },
        {
          type: "quiz",
          title: "Quiz: structure and liquidity",
          minutes: 10,
          body: "Four questions on market structure, liquidity and risk. You need 70% to pass, and you can try again.",
          questions: [
            {
              prompt: "In an uptrend, what is the first sign of a change of character?",
              options: ["A new higher high", "A break below the most recent higher low", "A long candle wick"],
              correct: [1],
            },
            {
              prompt: "Where do stop orders tend to gather? Choose all that apply.",
              options: ["Above obvious equal highs", "Below obvious equal lows", "In the middle of a range"],
              correct: [0, 1],
            },
            ...riskQuestions.slice(0, 2),
          ],
        },
        liveLesson("Entry models on historical charts"),
      ],
    },
  ],
  "Live Classes on Replayed Markets": [
    {
      title: "Preparing for the sessions",
      lessons: [
        {
          type: "article",
          preview: true,
          title: "How the live classes run",
          minutes: 5,
          body: "Each class replays a past trading day whose prices are at least 30 days old. It opens with the key levels and scheduled news as they stood before that day, then a mentor replays it candle by candle and explains each decision aloud, including the decision not to trade. Classes end with a review. This is education: the mentor's decisions are examples, not advice to copy.",
        },
        {
          type: "article",
          title: "Building a daily bias",
          minutes: 10,
          body: "Before the replay starts, look at the replayed day's daily and four-hour charts and write one sentence: which way the market leans and what would prove you wrong. The bias decides which setups you look for, not whether you trade.",
        },
        {
          type: "article",
          title: "Marking key levels and scheduled news",
          minutes: 10,
          body: "Mark the previous day's high and low, the session opens and any level the higher timeframe respects. Note the times of scheduled releases in IST, and decide whether you stay out around them.",
        },
      ],
    },
    {
      title: "During the session",
      lessons: [
        {
          type: "article",
          title: "When to take a trade and when to skip it",
          minutes: 10,
          body: "A trade is taken when every item on your checklist is met; otherwise it is skipped. Count your skips: a session with no trade because nothing qualified is a well-run session.",
        },
        {
          type: "article",
          title: "Managing an open position",
          minutes: 10,
          body: "Decide before entry where you will move the stop and where you will take part of the position off. During the trade, follow those decisions rather than reacting to each candle.",
        },
        {
          type: "article",
          title: "Handling a loss as the replay unfolds",
          minutes: 8,
          body: "When a stop is hit, write the trade in your journal before you look at the chart again. Two losses in a row end your session, whatever the market does next.",
        },
        liveLesson("Session preparation"),
      ],
    },
    {
      title: "After the session",
      lessons: [
        worksheetLesson,
        {
          type: "article",
          title: "The weekly review",
          minutes: 12,
          body: "Once a week, read your journal sheets together: which rules you followed, which you broke, and what one change you will practise next week. Track how often you followed your plan, not how much you made.",
        },
        {
          type: "quiz",
          title: "Quiz: risk and planning",
          minutes: 10,
          body: "Four questions on position sizing and your trading plan. You need 70% to pass, and you can try again.",
          questions: riskQuestions,
        },
      ],
    },
  ],
};

/** Sections, lessons, quiz questions and the worksheet files of each seeded course (by title). */
export function seedCurricula(tx: Transaction, courseIds: Map<string, number>, now: Date, lessonFilesDirectory: string): void {
  for (const [courseTitle, sections] of Object.entries(CURRICULA)) {
    const courseId = courseIds.get(courseTitle);
    if (courseId === undefined) throw new Error(`No seeded course called ${courseTitle}`);
    sections.forEach((section, sectionIndex) => {
      const sectionRow = tx
        .insert(courseSections)
        .values({ courseId, title: section.title, position: sectionIndex + 1 })
        .returning({ id: courseSections.id })
        .get();
      section.lessons.forEach((lesson, lessonIndex) => {
        const lessonRow = tx
          .insert(lessons)
          .values({
            courseId,
            sectionId: sectionRow.id,
            position: lessonIndex + 1,
            title: lesson.title,
            type: lesson.type,
            durationMinutes: lesson.minutes,
            isFreePreview: lesson.type === "article" && lesson.preview === true,
            // A live session ahead must not hold back a certificate.
            isRequired: lesson.type !== "live",
            body: lesson.body,
            liveStartsAt: lesson.type === "live" ? indiaDayAt(now, lesson.inDays, lesson.at) : null,
            joinUrl: lesson.type === "live" ? `https://meet.jit.si/TradeMasterAcademy-${courseId}-live-qa` : null,
            passPercent: lesson.type === "quiz" ? 70 : null,
          })
          .returning({ id: lessons.id })
          .get();
        if (lesson.type === "quiz") {
          tx.insert(quizQuestions)
            .values(lesson.questions.map((question, index) => ({ lessonId: lessonRow.id, position: index + 1, ...question })))
            .run();
        }
        if (lesson.type === "download") tx.insert(lessonFiles).values(storeWorksheet(lessonRow.id, lessonFilesDirectory)).run();
      });
    });
  }
}

/** A copy of the worksheet under a random name in the lesson-files folder, and its row. */
function storeWorksheet(lessonId: number, directory: string): typeof lessonFiles.$inferInsert {
  mkdirSync(directory, { recursive: true });
  const storedName = `${randomBytes(16).toString("hex")}.pdf`;
  copyFileSync(WORKSHEET.source, join(directory, storedName));
  return {
    lessonId,
    kind: "attachment",
    filename: WORKSHEET.filename,
    storedName,
    contentType: "application/pdf",
    sizeBytes: statSync(WORKSHEET.source).size,
  };
}
