// Copy for /about, the /courses 'Why Choose' block, /testimonials feature cards and the home mentor section.

export type TitledText = { title: string; description: string };

export const FOUNDED_YEAR = 2019;

/** The story on /about, naming the institute as the settings do. */
export const ourStory = (instituteName: string): string[] => [
  `${instituteName} was founded in ${FOUNDED_YEAR} by a small group of full-time traders who were tired of seeing new traders in India lose money to tips, noise and get-rich-quick promises. We started with weekend classes for a handful of students and one simple idea: teach the process, not the prediction.`,
  "Since then we have grown into a full trading school, teaching the stock market and the currency pairs traded on recognised Indian exchanges through structured courses, live classes on replayed markets and personal mentorship, in English and Hindi.",
  "Every course is built around Smart Money Concepts, ICT methods and strict risk management, and every student gets lifetime guidance from mentors who trade the markets every day.",
];

export const CORE_VALUES: TitledText[] = [
  {
    title: "Discipline first",
    description: "We teach rules, risk limits and journaling before we teach a single entry.",
  },
  {
    title: "Honest education",
    description: "No tips, no guaranteed profits: trading carries risk, and we say so plainly.",
  },
  {
    title: "Learning by doing",
    description: "Live classes on replayed charts, so every concept is practised, not just explained.",
  },
  {
    title: "Support for life",
    description: "Our mentors stay with you after the course ends, through every market phase.",
  },
];

export const WHY_CHOOSE_US: string[] = [
  "Mentors who are practising, full-time traders",
  "Live classes on replayed markets, using prices at least 30 days old",
  "Courses in English and Hindi, for beginners to advanced traders",
  "6 trading setups explained step by step, and a traders manual guide",
  "1 year of WhatsApp and Telegram support, and lifetime guidance",
  "Digital certificate on completion",
];

export const COURSES_WHY_CHOOSE: TitledText[] = [
  {
    title: "Expert mentors",
    description: "Learn from practising traders who explain their thinking in live classes.",
  },
  {
    title: "Practical, live learning",
    description: "Every module ends with work on dated historical charts, so you leave with setups you can practise.",
  },
  {
    title: "Lifetime access",
    description: "Pay once and keep the material, the updates and the community for life.",
  },
  {
    title: "A certificate you can show",
    description: "A digital certificate, with a page anyone can check, for every student who completes a course.",
  },
];

export const TESTIMONIAL_FEATURES: TitledText[] = [
  {
    title: "Real student stories",
    description: "Working professionals, students and business owners tell how they learned with us, in their own words.",
  },
  {
    title: "Mentorship that continues",
    description: "Students keep learning with mentor support long after their batch ends.",
  },
  {
    title: "A community of traders",
    description: "Join active WhatsApp and Telegram groups to discuss lessons, journals and study questions.",
  },
];

export const MENTOR_SECTION = {
  heading: "Mentors beside you, from your first chart",
  text: "Our mentors guide students from their first chart to a consistent, rule-based trading process. Learn directly from traders who explain their thinking live, review your trades and stay with you after the course ends.",
} as const;
