// Video lists: the home page tutorial marquee and the testimonials success-story carousel.
// Thumbnails are local images made for the project; nothing is hot-linked.

export type Video = { id: string; title: string; thumbnail: string; url: string };

/** Shown when a thumbnail fails to load. */
export const FALLBACK_THUMBNAIL = "/images/videos/fallback.svg";

/** Watch page on the video platform (the no-JavaScript link target). */
export function watchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

/** Privacy-enhanced embed with autoplay, used only after a click. */
export function embedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
}

function tutorial(id: string, title: string, n: number): Video {
  return { id, title, thumbnail: `/images/videos/tutorial-${n}.svg`, url: watchUrl(id) };
}

/** 'Educational Content & Student Reviews': exactly 7 tutorial videos. */
export const TUTORIAL_VIDEOS: Video[] = [
  tutorial("tmaSmcBas01", "Smart Money Concepts explained for beginners", 1),
  tutorial("tmaMktStr02", "Reading market structure: BOS and CHoCH", 2),
  tutorial("tmaOrdBlk03", "How to mark order blocks that actually hold", 3),
  tutorial("tmaFvgGap04", "Fair value gaps and how price returns to them", 4),
  tutorial("tmaLiqSwp05", "Liquidity sweeps and stop hunts on Nifty", 5),
  tutorial("tmaKillZn06", "ICT kill zones for Indian market hours", 6),
  tutorial("tmaRiskMg07", "Risk management: position sizing with ₹5,000", 7),
];

export const SUCCESS_VIDEO_LOCATIONS = ["All", "Mumbai", "Delhi", "Pune", "Bangalore"] as const;
export type SuccessVideoLocation = Exclude<(typeof SUCCESS_VIDEO_LOCATIONS)[number], "All">;

export type SuccessVideo = {
  /** A file id on the drive service. */
  id: string;
  location: SuccessVideoLocation;
  studentName: string;
  profession: string;
  thumbnail: string;
};

/** Embed URL for a drive-hosted video. */
export function driveEmbedUrl(id: string): string {
  return `https://drive.google.com/file/d/${id}/preview`;
}

/** Drive viewer page (the no-JavaScript link target). */
export function driveViewUrl(id: string): string {
  return `https://drive.google.com/file/d/${id}/view`;
}

/** Exactly 9 static student stories across the four cities. */
export const SUCCESS_VIDEOS: SuccessVideo[] = [
  {
    id: "1AbCtmaMum01Rk7pQx2LzV9sWn4YhE3uJ",
    location: "Mumbai",
    studentName: "Rohan K.",
    profession: "Software Engineer",
    thumbnail: "/images/videos/success-1.svg",
  },
  {
    id: "1AbCtmaDel02Pr4mTy8KcX1dNq6GbF5wH",
    location: "Delhi",
    studentName: "Priya S.",
    profession: "Chartered Accountant",
    thumbnail: "/images/videos/success-2.svg",
  },
  {
    id: "1AbCtmaPun03Am9vLs3JeR7hUz2CkD8tM",
    location: "Pune",
    studentName: "Amit D.",
    profession: "Mechanical Engineer",
    thumbnail: "/images/videos/success-3.svg",
  },
  {
    id: "1AbCtmaBlr04Sn2wHx6FgT9yPb4LqA1vK",
    location: "Bangalore",
    studentName: "Sneha R.",
    profession: "Product Designer",
    thumbnail: "/images/videos/success-4.svg",
  },
  {
    id: "1AbCtmaMum05Vk8cNz1MhQ4tRs7WeJ3pG",
    location: "Mumbai",
    studentName: "Vikram M.",
    profession: "Business Owner",
    thumbnail: "/images/videos/success-5.svg",
  },
  {
    id: "1AbCtmaDel06Ne5jBa7XuK2gYc9HrL6sD",
    location: "Delhi",
    studentName: "Neha G.",
    profession: "College Student",
    thumbnail: "/images/videos/success-6.svg",
  },
  {
    id: "1AbCtmaPun07Ka3qWd9PoZ6fTm1VxS4nB",
    location: "Pune",
    studentName: "Karan J.",
    profession: "Bank Officer",
    thumbnail: "/images/videos/success-7.svg",
  },
  {
    id: "1AbCtmaBlr08Ad6rFy2CvM8kJn5QsH7eL",
    location: "Bangalore",
    studentName: "Anjali P.",
    profession: "Data Analyst",
    thumbnail: "/images/videos/success-8.svg",
  },
  {
    id: "1AbCtmaMum09Sr1tGe4ZwN7bXh3UdK9mC",
    location: "Mumbai",
    studentName: "Suresh N.",
    profession: "Retired Teacher",
    thumbnail: "/images/videos/success-9.svg",
  },
];

export const SUCCESS_CAROUSEL = { scrollDurationMs: 45000, cardWidthPx: 240 } as const;
