// Demo content for a fresh database: courses (one taught in batches), events,
// blog posts, mentors and testimonials. `npm run db:seed` (scripts/db-seed.ts) migrates the configured database
// and seeds it; `seedDemoContent` does nothing once any course exists.
import { sql } from "drizzle-orm";
import { indiaDayAt } from "../app/utils/dates";
import type { AppDatabase } from "../app/utils/db.server";
import { lessonFilesDirectory as lessonFilesFolder } from "../app/utils/lesson-files-directory.server";
import { BATCH_COURSE, seedBatches } from "./seed-batches";
import { seedCurricula } from "./seed-curriculum";
import { seedPracticeLab } from "./seed-lab";
import { seedReviews } from "./seed-reviews";
import { blogPosts, courseMentors, coupons, courses, events, imageAssets, mentors, testimonials } from "./schema";
import { SEED_IMAGES } from "./seed-images";

type CourseRow = typeof courses.$inferInsert;
type EventRow = typeof events.$inferInsert;
type BlogPostRow = typeof blogPosts.$inferInsert;
type MentorRow = typeof mentors.$inferInsert;

/** Who teaches each demo course, by the course's and the mentor's names. */
const COURSE_MENTORS: Record<string, string[]> = {
  "Currency Trading": ["Arjun Mehta"],
  "Personal Mentorship": ["Rohan Deshpande", "Arjun Mehta"],
  "SMC & ICT Courses": ["Priya Nair"],
  "Live Classes on Replayed Markets": ["Priya Nair", "Arjun Mehta"],
};
type TestimonialRow = typeof testimonials.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;

// Wall-clock times in India.
const IST_10_AM = "10:00";
const IST_11_AM = "11:00";
const IST_7_PM = "19:00";
const IST_7_30_PM = "19:30";

function courseRows(): CourseRow[] {
  return [
    {
      title: "Currency Trading",
      shortDescription:
        "Learn to trade USD/INR, EUR/INR and other currency pairs on Indian exchanges with a clear, rule-based process built for beginners.",
      description: `OVERVIEW
Currency Trading is our foundation programme for anyone who wants to understand how the currency market moves and how Indian residents can take part through SEBI-registered brokers on the NSE and BSE currency derivatives segments. You start from zero: what a currency pair is, why the rupee moves, and how a USD/INR futures contract differs from the offshore forex platforms advertised on social media. Classes are taught in English and Hindi, with recorded replays.

CONTENT
You will learn to read price charts across timeframes, mark the support and resistance that actually matters, and plan trades around the RBI policy calendar, US data releases and the London and New York sessions. We cover lot sizes, margin, contract expiry and rollover on Indian exchanges, then build three beginner setups step by step with weekly walkthroughs on dated charts at least 30 days old. The course is only about the currency pairs traded on recognised Indian exchanges (NSE and BSE).

TAKEAWAYS
By the end you will have a written trading plan, a risk rule you can follow with a ₹5,000 starting account, a journal template, and the confidence to place, manage and review your own trades instead of copying tips.`,
      level: "beginner",
      pricePaise: 299900,
      originalPricePaise: 599900,
      duration: "6 weeks",
      imageUrl: "/images/courses/currency-trading.jpg",
      features: [
        "How currency pairs, pips and lot sizes work on NSE and BSE",
        "Reading candlestick charts on daily, 1-hour and 15-minute timeframes",
        "Trading around RBI policy, CPI and US Federal Reserve announcements",
        "Three beginner-friendly setups with clear entry and exit rules",
        "Position sizing for small accounts starting at ₹5,000",
        "Weekly live Q&A with recorded replays in English and Hindi",
      ],
      syllabus: [
        "Module 1: How the currency market works and who moves it",
        "Module 2: Currency derivatives on NSE and BSE: contracts, margin and expiry",
        "Module 3: Candlesticks, trends and market structure",
        "Module 4: Support, resistance and supply and demand zones",
        "Module 5: Trading sessions and the economic calendar",
        "Module 6: Three beginner setups with worked examples",
        "Module 7: Risk per trade, position sizing and stop placement",
        "Module 8: Building your trading plan and journal",
      ].join("\n"),
      isActive: true,
    },
    {
      title: "Personal Mentorship",
      shortDescription:
        "One-on-one guidance from a senior mentor who reviews your trades, fixes your weak spots and holds you to your plan.",
      description: `OVERVIEW
Personal Mentorship pairs you with one of our senior mentors for three months of individual coaching. It suits traders who already know the basics but struggle with consistency, over-trading or sticking to their own rules. Your mentor studies your past trades and journal before the first call, so the programme starts from where you actually are.

CONTENT
Each week you have a one-on-one video session and a written review of your trades. Together you refine one core setup until it is precise, set daily and weekly loss limits, and rebuild your routine around pre-market preparation and post-session review. Between calls you have direct WhatsApp access to your mentor for trade-plan checks, plus entry to every live session we run during the programme.

TAKEAWAYS
You leave with a personalised playbook, measurable rules for risk and trade selection, a review habit you can keep for years, and an honest picture of your strengths and weaknesses as a trader.`,
      level: "intermediate",
      pricePaise: 499900,
      originalPricePaise: 899900,
      duration: "3 months",
      imageUrl: "/images/courses/personal-mentorship.jpg",
      features: [
        "Weekly one-on-one video sessions with a senior mentor",
        "A detailed written review of your trade journal every week",
        "A personalised playbook built around one core setup",
        "Daily and weekly loss limits you write down and keep",
        "Direct WhatsApp access to your mentor between sessions",
        "Access to all live classes on replayed markets during the programme",
        "Lifetime guidance after the mentorship ends",
      ],
      syllabus: [
        "Module 1: Trade history audit and goal setting",
        "Module 2: Choosing and refining your core setup",
        "Module 3: Risk limits, position sizing and drawdown rules",
        "Module 4: Pre-market preparation and trade selection",
        "Module 5: Execution drills and trade management",
        "Module 6: Psychology, discipline and handling losing streaks",
        "Module 7: Building your personal playbook and review routine",
      ].join("\n"),
      isActive: true,
    },
    {
      title: "SMC & ICT Courses",
      shortDescription:
        "An in-depth programme on Smart Money Concepts and ICT methods: market structure, liquidity, order blocks and fair value gaps.",
      description: `OVERVIEW
SMC & ICT Courses is our advanced track for traders who want to understand how large participants build and unwind positions, and the footprints that leaves on the chart. It takes the popular but often confusing vocabulary of Smart Money Concepts and the ICT methodology and turns it into a structured, testable process. A working knowledge of candlesticks and basic risk management is expected.

CONTENT
We cover breaks of structure and changes of character, internal and external liquidity, order blocks, breaker blocks, fair value gaps, premium and discount zones, and optimal trade entry. You will study the ICT killzones as they map to Indian time, top-down analysis from the weekly chart to the 5-minute chart, and how to combine these tools into two complete entry models. Every concept is shown on real historical charts, and you back-test each model yourself before trading it.

TAKEAWAYS
You will be able to mark structure and liquidity objectively, recognise high-probability order blocks and fair value gaps, plan entries with a defined stop and target, and judge when a setup is not worth taking. You also receive our 200+ page SMC and ICT guide as a reference.`,
      level: "advanced",
      pricePaise: 449900,
      originalPricePaise: 799900,
      duration: "8 weeks",
      imageUrl: "/images/courses/smc-ict-courses.jpg",
      features: [
        "Market structure: break of structure and change of character",
        "Liquidity pools, stop hunts and inducement",
        "Order blocks, breaker blocks and mitigation",
        "Fair value gaps and optimal trade entry",
        "ICT killzones converted to Indian Standard Time",
        "Two complete entry models with back-testing worksheets",
        "The 200+ page SMC and ICT reference guide",
      ],
      syllabus: [
        "Module 1: Why Smart Money Concepts work and where they fail",
        "Module 2: Market structure, swing points and change of character",
        "Module 3: Liquidity: equal highs, equal lows and stop hunts",
        "Module 4: Order blocks and breaker blocks",
        "Module 5: Fair value gaps and imbalance",
        "Module 6: Premium, discount and optimal trade entry",
        "Module 7: Killzones and session timing in IST",
        "Module 8: Top-down analysis from weekly to 5-minute charts",
        "Module 9: Entry model one and entry model two",
        "Module 10: Back-testing, journaling and going live",
      ].join("\n"),
      isActive: true,
    },
    {
      title: "Live Classes on Replayed Markets",
      shortDescription:
        "Live classes with our mentors on replayed markets, using prices at least 30 days old, to see how setups are found, planned and managed candle by candle.",
      description: `OVERVIEW
Live Classes on Replayed Markets puts you in a live class while a mentor replays a past trading day, candle by candle, on prices at least 30 days old. Theory only takes you so far: here you watch how a plan is built before the replay, how an entry is taken or skipped, and how a position is managed when price does something unexpected. Classes run in the Indian evening.

CONTENT
The programme runs for four weeks with four live classes each week. Every class opens with the levels and scheduled news of the replayed day as they stood before it, then the mentor replays it and explains each decision out loud. No class uses current prices or suggests a trade to take. Each class ends with a review of what worked and what did not, and you can ask questions throughout. Recordings are shared the same night.

TAKEAWAYS
You will learn to prepare a daily plan in under twenty minutes, recognise when conditions suit your setups and when to sit on your hands, and manage open trades with a clear head. Above all, you will see that professional trading is mostly patience and process.`,
      level: "intermediate",
      pricePaise: 399900,
      originalPricePaise: 699900,
      duration: "4 weeks",
      pacing: "both",
      imageUrl: "/images/courses/live-trading-sessions.jpg",
      features: [
        "Sixteen live classes over four weeks on replayed markets",
        "Every example on prices at least 30 days old, with its date",
        "Trade management on the replay explained step by step",
        "Open Q&A throughout every session",
        "Same-night recordings you can rewatch",
        "An end-of-week review of every trade taken",
      ],
      syllabus: [
        "Module 1: Preparing a plan for a replayed day",
        "Module 2: Marking key levels and scheduled news",
        "Module 3: Entries on the replay: when to take a trade and when to skip it",
        "Module 4: Managing open positions and partial profits",
        "Module 5: Handling losses as the replay unfolds",
        "Module 6: Weekly review and performance tracking",
      ].join("\n"),
      isActive: true,
    },
    // Retired: must never appear on the public site.
    {
      title: "Crypto Basics (retired)",
      shortDescription: "An introduction to cryptocurrency markets, wallets and exchange safety.",
      description: `OVERVIEW
A short introduction to how cryptocurrency markets work, retired while the course is rewritten for current Indian tax and exchange rules.

CONTENT
Wallets, exchanges, order types and the basics of reading crypto price charts.

TAKEAWAYS
An understanding of the risks of crypto trading and how to keep your holdings safe.`,
      level: "beginner",
      pricePaise: 299900,
      originalPricePaise: 499900,
      duration: "4 weeks",
      imageUrl: "/images/courses/crypto-basics.jpg",
      features: [
        "How crypto exchanges and wallets work",
        "Order types and trading fees",
        "Reading crypto price charts",
        "Keeping your holdings secure",
        "Tax basics for Indian crypto traders",
      ],
      syllabus: [
        "Module 1: What a blockchain is and why it matters",
        "Module 2: Wallets and exchanges",
        "Module 3: Order types and fees",
        "Module 4: Reading crypto charts",
        "Module 5: Security and scams",
        "Module 6: Tax and record keeping",
      ].join("\n"),
      isActive: false,
    },
  ];
}

/** Every demo event has a drawn banner under public/images/events/, named after its title. */
function withDrawnBanner(event: EventRow): EventRow {
  const slug = event.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return { ...event, bannerUrl: `/images/events/${slug}.jpg` };
}

function eventRows(now: Date): EventRow[] {
  return [
    {
      title: "Mumbai Price Action Workshop",
      description:
        "A full-morning, in-person workshop in Andheri on reading price action without indicators. We worked through live USD/INR and EUR/USD charts, marked structure and key levels together, and finished with a group trade-planning exercise.",
      eventType: "workshop",
      eventDate: indiaDayAt(now, -40, IST_11_AM),
      durationMinutes: 240,
      maxParticipants: 40,
      pricePaise: 149900,
      registrationUrl: null,
      isActive: true,
    },
    {
      title: "Forex Market Outlook: Live Q&A with Our Mentors",
      description:
        "Our mentors walked through how the dollar and the rupee pairs traded on recognised Indian exchanges reacted to past economic-calendar events, on charts at least 30 days old, then answered questions on setups, risk and the calendar.",
      eventType: "webinar",
      eventDate: indiaDayAt(now, -10, IST_7_PM),
      durationMinutes: 60,
      maxParticipants: null,
      pricePaise: 0,
      registrationUrl: null,
      isActive: true,
    },
    {
      title: "Free Webinar: Introduction to Smart Money Concepts",
      description:
        "A beginner-friendly live session on market structure, liquidity and order blocks. See how Smart Money Concepts are applied to real charts, with time for your questions at the end.",
      eventType: "webinar",
      eventDate: indiaDayAt(now, 2, IST_7_PM),
      durationMinutes: 90,
      maxParticipants: 500,
      pricePaise: 0,
      registrationUrl: null,
      isActive: true,
    },
    {
      title: "Risk Management Bootcamp (Online)",
      description:
        "A hands-on three-hour online bootcamp on position sizing, stop placement and daily loss limits. Bring your trade journal: in small breakout groups we size and review the past trades in it, as exercises.",
      eventType: "workshop",
      eventDate: indiaDayAt(now, 5, IST_11_AM),
      durationMinutes: 180,
      maxParticipants: 50,
      pricePaise: 99900,
      registrationUrl: null,
      isActive: true,
    },
    {
      title: "USD/INR and RBI Policy: What Traders Should Watch",
      description:
        "Using past RBI policy announcements, on charts at least 30 days old, we explain how RBI decisions, inflation data and dollar strength have moved USD/INR, and how to plan around a scheduled announcement. No view on the next one.",
      eventType: "webinar",
      eventDate: indiaDayAt(now, 12, IST_7_30_PM),
      durationMinutes: 60,
      maxParticipants: 300,
      pricePaise: 0,
      registrationUrl: null,
      isActive: true,
    },
    {
      title: "One-Day Demo Trading Challenge",
      description:
        "A practice exercise on a demo account over a replayed trading day, on prices at least 30 days old. You write a plan, follow it and keep a journal; a mentor reviews each participant's process and risk rules, never the profit. No prizes and no rankings.",
      eventType: "competition",
      eventDate: indiaDayAt(now, 20, IST_11_AM),
      durationMinutes: 600,
      maxParticipants: null,
      pricePaise: 0,
      registrationUrl: null,
      isActive: true,
    },
    {
      title: "Pune In-Person Workshop: SMC From Chart to Execution",
      description:
        "A five-hour classroom workshop in Pune taking one SMC entry model from top-down analysis to order placement. Includes printed worksheets, lunch and a back-testing session with our mentors.",
      eventType: "workshop",
      eventDate: indiaDayAt(now, 45, IST_10_AM),
      durationMinutes: 300,
      maxParticipants: 60,
      pricePaise: 199900,
      registrationUrl: null,
      isActive: true,
    },
    {
      title: "Trading Psychology Masterclass",
      description:
        "A two-hour live masterclass on fear, greed, revenge trading and building routines that hold up under pressure, with practical exercises you can use from your next session.",
      eventType: "webinar",
      eventDate: indiaDayAt(now, 75, IST_7_PM),
      durationMinutes: 120,
      maxParticipants: null,
      pricePaise: 49900,
      registrationUrl: null,
      isActive: true,
    },
    // Cancelled: must never appear on the public site.
    {
      title: "Cancelled: Delhi Weekend Workshop",
      description: "This workshop has been cancelled and will be rescheduled.",
      eventType: "workshop",
      eventDate: indiaDayAt(now, 30, IST_10_AM),
      durationMinutes: 240,
      maxParticipants: 40,
      pricePaise: 149900,
      registrationUrl: null,
      isActive: false,
    },
  ].map(withDrawnBanner);
}

type PostSeed = Omit<BlogPostRow, "publishedAt" | "isPublished" | "imageUrl"> & {
  daysAgo: number;
  /** False for the one post that uses the default image. */
  hasImage?: boolean;
};

const POSTS: PostSeed[] = [
  {
    slug: "smart-money-concepts-explained",
    title: "Smart Money Concepts Explained for Retail Traders",
    excerpt:
      "Order blocks, liquidity and market structure sound complicated, but the ideas behind Smart Money Concepts are simple. Here is what they mean and how to start using them.",
    category: "education",
    tags: ["smc", "order blocks", "liquidity", "market structure"],
    daysAgo: 4,
    content: `<p id="introduction">Smart Money Concepts, usually shortened to SMC, have become one of the most talked-about approaches among Indian retail traders. Scroll through any trading community and you will see charts covered in boxes labelled OB, FVG and BOS. Underneath the jargon, though, the idea is straightforward: large institutions cannot enter or exit positions in one click, and the way they build positions leaves patterns on the chart that careful traders can read.</p>
<h2 id="key-concepts">The three ideas that matter most</h2>
<p>Most of SMC rests on three building blocks. Learn these well before you worry about anything else.</p>
<ul>
<li><strong>Market structure.</strong> An uptrend makes higher highs and higher lows; a downtrend makes lower highs and lower lows. A break of structure confirms the trend is continuing, while a change of character is the first sign it may be turning.</li>
<li><strong>Liquidity.</strong> Stop-loss orders cluster above obvious highs and below obvious lows. Price is often drawn to these pools before making its real move, which is why so many retail stops are taken just before the market reverses.</li>
<li><strong>Order blocks.</strong> An order block is the last opposing candle before a strong move that breaks structure. It marks an area where large orders were likely placed, and price often returns to it before continuing.</li>
</ul>
<p>None of this is entirely new. Supply and demand trading, Wyckoff's accumulation and distribution, and classic support and resistance all describe the same behaviour in different words. SMC gives traders a precise vocabulary and a checklist.</p>
<h2 id="practical-tips">How to start using SMC</h2>
<p>The biggest mistake beginners make is marking every order block and fair value gap they can find. A chart with twenty boxes tells you nothing. Start from the higher timeframe instead. Identify the trend on the daily or 4-hour chart, mark the nearest liquidity pool the market is likely to reach for, and only then drop to a lower timeframe to look for an order block in line with that direction.</p>
<p>Next, write down exactly what makes a valid setup for you. For example: price sweeps the previous day's low, a change of character forms on the 15-minute chart, and price returns to the order block that caused it. If any part is missing, there is no trade. This turns a subjective method into something you can back-test.</p>
<p>Finally, test before you trade. Go back through three months of charts on one pair, such as EUR/USD or USD/INR, and record every setup that matched your rules, whether it won or lost. The results will tell you far more than any screenshot on social media.</p>
<h2 id="conclusion">The bottom line</h2>
<p>SMC is a lens for reading price, not a magic formula. Used with clear rules, patient back-testing and sensible risk per trade, it can give your analysis real structure. Used as a collection of boxes to justify impulsive entries, it will lose money as quickly as any other method.</p>`,
  },
  {
    slug: "reading-candlestick-charts",
    title: "How to Read Candlestick Charts Without Memorising Fifty Patterns",
    excerpt:
      "You do not need a book of pattern names to read a chart. Learn what each candle says about buyers and sellers, and the patterns take care of themselves.",
    category: "education",
    tags: ["candlesticks", "price action", "forex", "beginners"],
    daysAgo: 15,
    content: `<p id="introduction">Most beginners meet candlestick charts through a list of pattern names: doji, hammer, shooting star, morning star, three white soldiers and dozens more. They memorise the shapes, spot one on a chart, take a trade and wonder why it fails. The problem is not the patterns. It is that a pattern without context is just a shape.</p>
<h2 id="key-concepts">What a single candle tells you</h2>
<p>Every candle records four prices for its period: the open, the high, the low and the close. The body shows the distance between open and close, and the wicks show how far price travelled before being pushed back. Read that way, a candle is a short story about a contest between buyers and sellers.</p>
<ul>
<li>A long body with small wicks means one side was in control for the whole period.</li>
<li>A long lower wick means sellers pushed price down but buyers pushed it back up before the close.</li>
<li>A small body with long wicks on both sides means indecision: neither side could hold its ground.</li>
<li>A candle that closes beyond a key level carries more weight than one that only pokes through with a wick.</li>
</ul>
<p>Once you think in these terms, pattern names become shorthand. A hammer is simply a long lower wick after a fall. An engulfing candle is one side overwhelming the other in a single period.</p>
<h2 id="practical-tips">Putting candles in context</h2>
<p>Location matters more than shape. A hammer in the middle of a range means very little. The same hammer at a well-tested support level, after a sweep of the previous day's low, tells a much stronger story. Before judging any candle, ask three questions: where is it on the higher timeframe, what happened just before it, and does it close beyond an important level?</p>
<p>Timeframe matters too. A 5-minute candle reflects a few minutes of order flow and can be driven by a single large order. A daily candle reflects a full day of global trading and deserves more respect. Beginners do best by reading the daily and 1-hour charts first and only then looking lower.</p>
<p>A useful exercise is to cover the right side of a chart, read the last few candles aloud, and predict what buyers and sellers are likely to do next. Then reveal the next candle. Done for fifteen minutes a day, this builds real chart-reading skill faster than any pattern list.</p>
<h2 id="conclusion">Conclusion</h2>
<p>Candlestick patterns are useful, but only as a summary of what buyers and sellers are doing at a meaningful place on the chart. Learn to read the story in each candle, always check the context, and you will find you need far fewer pattern names than you thought.</p>`,
  },
  {
    slug: "stop-revenge-trading",
    title: "Why You Revenge Trade, and How to Stop",
    excerpt:
      "A loss stings, so you jump straight back in to win it back. Here is why revenge trading happens and the simple rules that break the cycle.",
    category: "psychology",
    tags: ["psychology", "discipline", "risk", "journaling"],
    daysAgo: 9,
    content: `<p id="introduction">Almost every trader knows the feeling. A trade hits its stop, the loss feels unfair, and within minutes you are back in the market with a bigger position and no real setup, determined to win the money back. Sometimes it works. More often the second loss is larger than the first, and a bad morning becomes a bad month. This is revenge trading, and it destroys more accounts than any faulty strategy.</p>
<h2 id="key-concepts">Why it happens</h2>
<p>Revenge trading is not a character flaw. It is a predictable reaction to loss. Behavioural research suggests that losses hurt roughly twice as much as equal gains feel good, so after a loss the mind looks for the fastest way to remove the pain. Add the speed of modern trading apps, where a new order is two taps away, and the urge is very hard to resist in the moment.</p>
<p>Several situations make it more likely:</p>
<ul>
<li>Trading with money you cannot afford to lose, so every loss feels like a threat.</li>
<li>Risking too much per trade, so a single stop-out wipes out a week of gains.</li>
<li>Believing you were right and the market was wrong.</li>
<li>Having no written plan, so there is nothing to tell you a trade is not valid.</li>
</ul>
<h2 id="practical-tips">Rules that break the cycle</h2>
<p>Willpower alone rarely works when emotions are high, so the answer is to make decisions in advance, while you are calm.</p>
<p>First, set a daily loss limit and treat it as a hard stop. Many of our mentors use two losing trades or two percent of the account, whichever comes first. When it is reached, the platform is closed for the day, with no exceptions.</p>
<p>Second, add a cooling-off period after every loss. Stand up, walk away from the screen for fifteen minutes and write a short note in your journal: what the setup was, whether you followed your rules, and how you feel. Putting emotions into words lowers their intensity and makes the next decision a conscious one.</p>
<p>Third, keep your risk per trade fixed. If the size of your next position depends on how your last trade went, you are not following a plan. A fixed percentage removes the temptation to size up to recover losses.</p>
<p>Finally, review your revenge trades each week. Most traders find these trades have a far worse win rate than their planned ones. Seeing that in your own numbers is more convincing than any advice.</p>
<h2 id="conclusion">Conclusion</h2>
<p>Losses are a normal cost of trading. What matters is what you do next. Decide your limits before the session starts, give yourself time to reset after a loss, and let your journal show you the real price of revenge trading.</p>`,
  },
  {
    slug: "trading-journal-that-works",
    title: "The Trading Journal That Actually Changes Your Results",
    excerpt:
      "Most traders start a journal and abandon it within a month. Here is a simple format that takes five minutes a day and shows you exactly what to fix.",
    category: "psychology",
    tags: ["journaling", "psychology", "discipline", "review"],
    daysAgo: 33,
    hasImage: false,
    content: `<p id="introduction">Ask experienced traders for the one habit that made the biggest difference, and a surprising number will give the same answer: keeping a journal. Yet most people who start one give up within a few weeks. The usual reason is that the journal asks for too much, produces nothing useful, and starts to feel like homework.</p>
<h2 id="key-concepts">What a journal is for</h2>
<p>A trading journal has one job: to turn your experience into evidence. Memory is unreliable. We remember the big winners and the painful losses, and forget the dozens of ordinary trades in between. A journal records what actually happened, so you can find patterns you would never notice otherwise, such as a setup that only works in the London session or a habit of closing winners too early on Fridays.</p>
<h2 id="practical-tips">A five-minute format</h2>
<p>Keep it short enough that you will fill it in after every trade. For each trade, record:</p>
<ul>
<li>The date, the time in IST, the instrument and the direction.</li>
<li>The setup name from your trading plan, or "no setup" if you are honest enough to admit it.</li>
<li>Entry, stop loss, target and position size.</li>
<li>The result in rupees and in R, meaning multiples of the amount you risked.</li>
<li>A screenshot of the chart at entry.</li>
<li>One sentence on how you felt and whether you followed your rules.</li>
</ul>
<p>Measuring results in R rather than rupees matters. A ₹500 loss means something very different on a ₹10,000 account than on a ₹2,00,000 account, but a 1R loss always means you lost exactly what you planned to risk. It keeps your review focused on decisions rather than money.</p>
<p>Then set aside thirty minutes each weekend for review. Sort the week's trades by setup and look at the average result in R for each. Check how many trades broke your rules and what those trades cost. Pick one thing to improve next week, and only one. Small, specific changes stick; long lists of resolutions do not.</p>
<p>A spreadsheet works perfectly well, and dedicated software is optional. What matters is consistency: a simple journal filled in every day beats a detailed one abandoned after a fortnight.</p>
<h2 id="conclusion">Conclusion</h2>
<p>A journal is where trading stops being guesswork. Keep the format short, record every trade, review weekly and change one thing at a time. Within a few months you will know your own trading better than any course or mentor could tell you.</p>`,
  },
  {
    slug: "position-sizing-small-account",
    title: "Position Sizing With a ₹5,000 Account",
    excerpt:
      "A small account is not a problem if you size positions correctly. Here is how to calculate position size so that no single trade can hurt you badly.",
    category: "risk management",
    tags: ["risk", "position sizing", "forex", "beginners"],
    daysAgo: 22,
    content: `<p id="introduction">Many people believe you need lakhs of rupees to trade seriously. You do not. What you need is a way to make sure that no single trade, or string of trades, can do serious damage to your account. That is what position sizing does, and it matters even more when you start small.</p>
<h2 id="key-concepts">Risk per trade comes first</h2>
<p>Position sizing starts with one decision: how much of your account you are willing to lose if this trade hits its stop. Most professional traders risk between half a percent and two percent per trade. On a ₹5,000 account, two percent is ₹100.</p>
<p>That may sound tiny, but look at what it protects. At two percent per trade, ten losses in a row, which will happen to every trader eventually, leaves you with about ₹4,085. At ten percent per trade, the same losing streak leaves about ₹1,740, and the account would have to grow almost threefold just to get back to where it started.</p>
<h2 id="practical-tips">Working out the size</h2>
<p>Once you know your rupee risk, the position size follows from the distance to your stop loss:</p>
<ul>
<li>Decide where the stop belongs based on the chart, not on how much you want to risk.</li>
<li>Measure the distance from entry to stop.</li>
<li>Work out how much one lot gains or loses over that distance.</li>
<li>Divide your rupee risk by that amount and round down.</li>
</ul>
<p>Take a USD/INR futures contract on NSE. One lot is 1,000 US dollars, so every one paisa move in the rate changes the value of one lot by ₹10. If your chart says the stop belongs 8 paise below your entry, one lot risks ₹80. With a ₹100 limit, one lot fits. If the stop needs to be 15 paise away, one lot would risk ₹150, which is too much, so you either wait for a better entry with a tighter stop or skip the trade.</p>
<p>Notice what you did not do: move the stop closer just to make the trade fit. A stop placed for convenience rather than structure will be hit far more often. Margin requirements also change from time to time, so always confirm the current margin with your broker before placing a trade.</p>
<h2 id="conclusion">Conclusion</h2>
<p>Small accounts are not fragile because they are small. They are fragile when traders size positions by feel. Fix your risk per trade, let the chart decide the stop, and let the arithmetic decide the size. Your account will survive long enough for your skills to grow into it.</p>`,
  },
  {
    slug: "stop-loss-placement",
    title: "Stop Loss Placement: Where Your Stop Belongs and Why",
    excerpt:
      "Tight stops get hunted and wide stops hurt. Learn to place stop losses where your trade idea is proven wrong, not where it feels comfortable.",
    category: "risk management",
    tags: ["risk", "stop loss", "liquidity", "smc"],
    daysAgo: 47,
    content: `<p id="introduction">Ask ten traders where they put their stop loss and you will hear ten different answers: a fixed 20 pips, just below the last candle, at a round number, or nowhere at all. Stop placement is one of the least taught and most important skills in trading, because it decides both how often you are stopped out and how large your position can be.</p>
<h2 id="key-concepts">A stop marks where your idea is wrong</h2>
<p>A stop loss is not a measure of how much pain you can tolerate. It is the price at which the reason for your trade no longer holds. If you bought because price bounced from a higher low in an uptrend, the idea is wrong when that higher low breaks. That is where the stop belongs, plus a small buffer.</p>
<p>This is why fixed-distance stops cause problems. A 20-pip stop might be sensible on a quiet day and hopelessly tight on the day of a US inflation release. The market does not know or care how many pips you chose.</p>
<h2 id="practical-tips">Practical guidelines</h2>
<ul>
<li><strong>Use structure.</strong> Place stops beyond the swing high or low that defines your setup, not inside it.</li>
<li><strong>Mind the liquidity.</strong> Obvious levels such as equal lows attract stop orders, and price often sweeps them. Placing your stop a little beyond the level, or waiting for the sweep before entering, keeps you out of the crowd.</li>
<li><strong>Respect volatility.</strong> The Average True Range indicator gives a quick sense of how far price typically moves. A stop smaller than a fraction of a typical candle is usually noise waiting to happen.</li>
<li><strong>Avoid round numbers.</strong> Whole-rupee levels on USD/INR or 1.1000 on EUR/USD are magnets for orders. Set your stop slightly beyond them.</li>
<li><strong>Never widen a stop.</strong> Moving a stop further away once a trade is live turns a planned loss into an unplanned one.</li>
</ul>
<p>A wider, well-placed stop does not mean more risk in rupees. It means a smaller position. If the correct stop is twice as far away as you hoped, halve your size. Your rupee risk stays the same, but your trade now has room to work.</p>
<p>When a setup needs a stop so wide that even the minimum position breaks your risk rule, the honest answer is to skip it. There will be another trade tomorrow.</p>
<h2 id="conclusion">Conclusion</h2>
<p>Good stop placement starts with a clear trade idea and a clear point at which that idea fails. Put the stop there, adjust position size to match, and leave it alone. It is one of the simplest changes you can make, and one of the most effective.</p>`,
  },
  {
    slug: "london-new-york-overlap",
    title: "Trading the London and New York Overlap From India",
    excerpt:
      "The busiest hours in the currency market fall in the Indian evening. Here is how to plan around the London and New York overlap without burning out.",
    category: "strategy",
    tags: ["forex", "sessions", "killzones", "liquidity"],
    daysAgo: 61,
    content: `<p id="introduction">The currency market trades around the clock on weekdays, but it is not equally active all day. For traders in India, the most important hours fall in the evening, when London and New York are both open. Understanding this window, and planning your routine around it, can make a bigger difference than any new indicator. This article is about the currency pairs traded on recognised Indian exchanges (the NSE and BSE currency derivatives segments), the only way residents of India may trade currencies; their busiest hours follow the same overlap.</p>
<h2 id="key-concepts">Why the overlap matters</h2>
<p>London is the largest centre for currency trading and New York is the second. When both are open, more banks, funds and corporations are active at once, volumes rise, spreads tighten and price tends to make its most decisive moves of the day. Important US data, such as employment and inflation figures, is also released during this window.</p>
<p>In Indian Standard Time, the overlap runs roughly from 6:30 pm to 9:30 pm during the northern winter, and from 5:30 pm to 8:30 pm when the UK and US are on summer time. Because the two countries change their clocks on different dates, the window shifts for a few weeks each spring and autumn, so check a session clock rather than relying on memory.</p>
<p>ICT traders call the active hours around these opens killzones. Whatever you call them, the principle is the same: trade when the market is moving with purpose, and stay away when it is drifting.</p>
<h2 id="practical-tips">Building an evening routine</h2>
<ul>
<li>Do your higher-timeframe analysis earlier in the day, when you are fresh, and mark two or three key levels.</li>
<li>Check the economic calendar for US and UK releases, and avoid entering in the minutes just before high-impact news.</li>
<li>Watch how price behaves around the London open in the afternoon. An early sweep of the Asian session high or low often sets up the move that follows.</li>
<li>Set a fixed end time. If no valid setup appears by 9:30 pm, close the charts.</li>
<li>If you trade exchange-listed currency derivatives in India, confirm your contract's trading hours, as INR pairs stop trading earlier in the day than cross-currency pairs.</li>
</ul>
<p>The fixed end time matters most for anyone trading alongside a day job. Late-night trading is tempting, but tired decisions are expensive, and the hours after the New York lunch break are usually slower and choppier.</p>
<h2 id="conclusion">Conclusion</h2>
<p>You do not need to watch the market all day. A focused two or three hours in the evening, prepared in advance and ended on time, captures the most active part of the currency market and fits around a normal working life.</p>`,
  },
  {
    slug: "fair-value-gap-entries",
    title: "Fair Value Gaps: A Practical Entry Model",
    excerpt:
      "A fair value gap marks a fast, one-sided move that price often revisits. Here is a step-by-step way to turn gaps into a defined, testable entry.",
    category: "strategy",
    tags: ["smc", "ict", "fair value gap", "order blocks"],
    daysAgo: 82,
    content: `<p id="introduction">Fair value gaps, or FVGs, are one of the most popular tools in ICT and Smart Money trading. They are easy to spot, which is both their strength and their weakness: every chart is full of them, and trading every gap is a quick way to lose money. This article walks through a simple model that only uses gaps when the rest of the picture agrees.</p>
<h2 id="key-concepts">What a fair value gap is</h2>
<p>A fair value gap is a three-candle pattern. The middle candle moves so strongly that the wick of the first candle and the wick of the third candle do not overlap. The space between them is the gap: a price range where trading was one-sided and the market moved too fast for orders on the other side to be filled.</p>
<p>Price often returns to these areas to rebalance before continuing in the original direction. A bullish gap left during a strong rally can act as support on the way back down; a bearish gap can act as resistance.</p>
<h2 id="practical-tips">A step-by-step entry model</h2>
<ul>
<li><strong>Higher-timeframe bias.</strong> On the 4-hour chart, decide whether the market is bullish or bearish and mark the liquidity it is likely to target.</li>
<li><strong>Liquidity sweep.</strong> Wait for price to take out a nearby high or low against your bias, such as the previous day's low in a bullish market.</li>
<li><strong>Displacement.</strong> Look for a strong move back in your direction that breaks short-term structure and leaves a fair value gap on the 15-minute or 5-minute chart.</li>
<li><strong>Entry.</strong> Place a limit order at the edge of the gap, or at its midpoint for a more conservative fill.</li>
<li><strong>Stop and target.</strong> Put the stop beyond the swing created by the sweep, and target the next pool of liquidity in your direction. Skip the trade if the reward is less than twice the risk.</li>
</ul>
<p>Every step filters out weak gaps. A gap that forms without a prior sweep, against the higher-timeframe bias, or without a clear break of structure is simply ignored.</p>
<p>Before trading this model with real money, back-test it on at least fifty examples from one or two pairs. Record each setup with a screenshot, the result in R and any notes on what made it clean or messy. You will quickly see which details matter most, such as the time of day or the size of the displacement candle.</p>
<h2 id="conclusion">Conclusion</h2>
<p>Fair value gaps are useful because they show where price moved with urgency. On their own they are just another pattern. Combined with higher-timeframe bias, a liquidity sweep and a clear break of structure, they become a precise, repeatable entry you can test and trust.</p>`,
  },
];

function blogPostRows(now: Date): BlogPostRow[] {
  const published = POSTS.map(({ daysAgo, hasImage = true, ...post }): BlogPostRow => {
    const publishedAt = indiaDayAt(now, -daysAgo, IST_10_AM);
    return {
      ...post,
      imageUrl: hasImage ? `/images/blog/${post.slug}.jpg` : null,
      isPublished: true,
      publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    };
  });
  // Unpublished: must never appear on the public site.
  const draft: BlogPostRow = {
    slug: "draft-options-greeks-for-currency-traders",
    title: "Draft: Options Greeks for Currency Traders",
    excerpt: "Notes on delta, gamma and theta for USD/INR options. Not ready for publication.",
    content:
      "<p>Work in progress: delta, gamma and theta explained with USD/INR option examples. Needs charts and a review before publishing.</p>",
    category: "education",
    tags: ["options", "forex"],
    imageUrl: null,
    isPublished: false,
    publishedAt: null,
    createdAt: new Date(now.getTime() - 2 * DAY_MS),
    updatedAt: new Date(now.getTime() - 2 * DAY_MS),
  };
  return [...published, draft];
}

function mentorRows(): MentorRow[] {
  return [
    {
      name: "Arjun Mehta",
      title: "Head Mentor, Currency Markets",
      bio: "Arjun has traded currency derivatives on NSE since 2012 and spent six years on a bank treasury desk in Mumbai before teaching full time. He designed our Currency Trading programme and still leads its weekly live reviews. His teaching focuses on simple, repeatable setups and strict risk limits. Students know him for patient explanations in both Hindi and English.",
      imageUrl: "/images/mentors/arjun-mehta.jpg",
      experience: "12+ years",
      specialization: ["Currency derivatives", "Price action", "RBI policy and macro"],
      socialLinks: { twitter: "https://twitter.com/arjunmehta_fx" },
      isActive: true,
      displayOrder: 1,
    },
    {
      name: "Priya Nair",
      title: "Senior Mentor, SMC & ICT",
      bio: "Priya moved from software engineering in Bengaluru to full-time trading after years of part-time study. She specialises in Smart Money Concepts and ICT methods, and insists on testing every idea before trading it. She leads our advanced SMC and ICT track and its back-testing labs. Her students value her structured checklists and honest trade reviews.",
      imageUrl: "/images/mentors/priya-nair.jpg",
      experience: "9+ years",
      specialization: ["Smart Money Concepts", "ICT entry models", "Back-testing"],
      socialLinks: { twitter: "https://twitter.com/priyanair_smc" },
      isActive: true,
      displayOrder: 2,
    },
    {
      name: "Rohan Deshpande",
      title: "Mentor, Trading Psychology and Risk",
      bio: "Rohan has coached hundreds of traders one-on-one through our Personal Mentorship programme. Before trading he worked as a chartered accountant in Pune, which shaped his disciplined approach to risk. He helps traders build routines, loss limits and journals that hold up under pressure. He also hosts our monthly trading psychology webinar.",
      imageUrl: "/images/mentors/rohan-deshpande.jpg",
      experience: "10+ years",
      specialization: ["Trading psychology", "Risk management", "Personal mentorship"],
      socialLinks: { twitter: "https://twitter.com/rohan_trades" },
      isActive: true,
      displayOrder: 3,
    },
  ];
}

function testimonialRows(now: Date): TestimonialRow[] {
  const rows: Omit<TestimonialRow, "createdAt">[] = [
    {
      name: "Rahul Sharma",
      profession: "Software Engineer",
      city: "Pune",
      rating: 5,
      content:
        "I had been losing money for two years following Telegram tips. The Currency Trading course taught me to plan my own trades and size them properly. My account is finally stable and I understand why I take every trade.",
      isApproved: true,
    },
    {
      name: "Sneha Kulkarni",
      profession: "Chartered Accountant",
      city: "Mumbai",
      rating: 5,
      content:
        "The SMC and ICT course made concepts click that I had watched dozens of videos about. The back-testing worksheets forced me to prove each setup before risking real money. Worth every rupee.",
      isApproved: true,
    },
    {
      name: "Vikram Singh",
      profession: "Business Owner",
      city: "Delhi",
      rating: 4,
      content:
        "Personal Mentorship was exactly what I needed to stop over-trading. The weekly journal reviews were uncomfortable at first, but they showed me my real mistakes. I would have liked a few more evening slots, but the guidance was excellent.",
      isApproved: true,
    },
    {
      name: "Ananya Iyer",
      profession: "MBA Student",
      city: "Bangalore",
      rating: 5,
      content:
        "I started with just ₹5,000 and no idea what a pip was. The classes were clear and the WhatsApp support answered every doubt the same day. I now follow a written plan instead of guessing.",
      isApproved: true,
    },
    {
      name: "Mohammed Irfan",
      profession: "Bank Officer",
      city: "Hyderabad",
      rating: 4,
      content:
        "Watching the live sessions taught me more about patience than anything else. Seeing a mentor skip three setups in a row because conditions were wrong changed how I trade. The recordings are very useful when I miss a session.",
      isApproved: true,
    },
    {
      name: "Kavita Joshi",
      profession: "Teacher",
      city: "Jaipur",
      rating: 5,
      content:
        "As a complete beginner I was nervous, but the course moved at a comfortable pace and the mentors explained everything in Hindi when I asked. The risk management module alone saved me from mistakes I see others make. I now trade part-time with a proper plan and journal.",
      isApproved: true,
    },
    // Awaiting moderation: must never appear on the public site.
    {
      name: "Nikhil Verma",
      profession: "Student",
      city: "Lucknow",
      rating: 5,
      content: "PENDING REVIEW: Enjoying the course so far and will write a detailed review after finishing the final module.",
      isApproved: false,
    },
  ];
  // Oldest first, a few days apart, so "newest first" lists are stable. The demo authors (invented
  // people) "agreed" to publication when they wrote; a real one's consent is recorded by the admin.
  return rows.map((row, i) => {
    const createdAt = new Date(now.getTime() - (rows.length - i) * 5 * DAY_MS);
    return { ...row, createdAt, publishConsentAt: row.isApproved ? createdAt : null };
  });
}

/** What the seeded images show, for scripts/generate-seed-images.ts to draw: each row's image URL and its words. */
export function seedImageSubjects() {
  const shown = <T extends { imageUrl?: string | null }>(rows: T[]) =>
    rows.flatMap((row) => (row.imageUrl ? [{ ...row, imageUrl: row.imageUrl }] : []));
  return {
    courses: shown(courseRows()).map(({ imageUrl, title, level }) => ({ imageUrl, title, level })),
    posts: shown(blogPostRows(new Date())).map(({ imageUrl, title, category }) => ({ imageUrl, title, category })),
    mentors: shown(mentorRows()).map(({ imageUrl, name }) => ({ imageUrl, name })),
    events: eventRows(new Date()).flatMap(({ bannerUrl, title, eventType }) =>
      bannerUrl ? [{ imageUrl: bannerUrl, title, eventType }] : [],
    ),
  };
}

const DEMO_COUPON = { code: "WELCOME10", percentOff: 10 } as const;

/** data/lesson-files/ beside the database (a temporary folder for an in-memory one), where lesson files are kept. */
/**
 * Inserts the demo content in one transaction, but only into a database that
 * has no courses yet; otherwise it changes nothing and returns seeded: false.
 * The demo courses' worksheet files are copied into `lessonFilesDirectory`.
 */
export function seedDemoContent(database: AppDatabase, now = new Date(), lessonFilesDirectory = lessonFilesFolder()): { seeded: boolean } {
  return database.transaction(
    (tx) => {
      const existing = tx
        .select({ count: sql<number>`count(*)` })
        .from(courses)
        .get();
      if ((existing?.count ?? 0) > 0) return { seeded: false };

      const seededCourses = tx.insert(courses).values(courseRows()).returning({ id: courses.id, title: courses.title }).all();
      const courseIds = new Map(seededCourses.map((course) => [course.title, course.id]));
      seedCurricula(tx, courseIds, now, lessonFilesDirectory);
      seedReviews(tx, courseIds, now);
      tx.insert(events).values(eventRows(now)).run();
      tx.insert(blogPosts).values(blogPostRows(now)).run();
      const seededMentors = tx.insert(mentors).values(mentorRows()).returning({ id: mentors.id, name: mentors.name }).all();
      const mentorIds = new Map(seededMentors.map((mentor) => [mentor.name, mentor.id]));
      tx.insert(courseMentors)
        .values(
          Object.entries(COURSE_MENTORS).flatMap(([course, names]) =>
            names.map((name, position) => ({ courseId: courseIds.get(course)!, mentorId: mentorIds.get(name)!, position })),
          ),
        )
        .run();
      seedBatches(tx, courseIds.get(BATCH_COURSE)!, mentorIds, now);
      seedPracticeLab(tx, courseIds.get(BATCH_COURSE)!, now);
      tx.insert(testimonials).values(testimonialRows(now)).run();
      // The seeded images ship encoded (scripts/generate-seed-images.ts): a fresh start encodes nothing.
      tx.insert(imageAssets)
        .values(
          SEED_IMAGES.map((image) => ({ ...image, widths: [...image.widths], status: "ready" as const, createdAt: now, readyAt: now })),
        )
        .onConflictDoNothing()
        .run();
      // One demo coupon to try checkout with; admins add real ones.
      tx.insert(coupons).values({ code: DEMO_COUPON.code, percentOff: DEMO_COUPON.percentOff, maxRedemptions: 100 }).run();
      return { seeded: true };
    },
    { behavior: "immediate" },
  );
}
