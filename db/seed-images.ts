// Written by scripts/generate-seed-images.ts: the seeded images under public/, encoded and ready.
export const SEED_IMAGES = [
  {
    name: "/images/courses/currency-trading.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/courses/personal-mentorship.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/courses/smc-ict-courses.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/courses/live-trading-sessions.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/courses/crypto-basics.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/blog/smart-money-concepts-explained.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/blog/reading-candlestick-charts.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/blog/stop-revenge-trading.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/blog/position-sizing-small-account.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/blog/stop-loss-placement.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/blog/london-new-york-overlap.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/blog/fair-value-gap-entries.jpg",
    width: 960,
    height: 540,
    widths: [320, 640, 960],
  },
  {
    name: "/images/mentors/arjun-mehta.jpg",
    width: 480,
    height: 480,
    widths: [320],
  },
  {
    name: "/images/mentors/priya-nair.jpg",
    width: 480,
    height: 480,
    widths: [320],
  },
  {
    name: "/images/mentors/rohan-deshpande.jpg",
    width: 480,
    height: 480,
    widths: [320],
  },
] as const;
