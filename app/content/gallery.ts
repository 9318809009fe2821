// Gallery page copy and photo lists. Every image is a local SVG under /images/gallery/,
// drawn by scripts/generate-content-images.ts from these lists.

export type GalleryPhoto = { src: string; alt: string; width: number; height: number };

const dir = "/images/gallery";

/** Masonry of 12 event photos with mixed aspect ratios. */
export const MASONRY_PHOTOS: GalleryPhoto[] = [
  { src: `${dir}/masonry-01.svg`, alt: "A full seminar hall watching a chart analysis on a big screen", width: 800, height: 600 },
  { src: `${dir}/masonry-02.svg`, alt: "A mentor speaking on stage at a traders meet", width: 600, height: 800 },
  { src: `${dir}/masonry-03.svg`, alt: "Students practising setups on laptops in a workshop", width: 800, height: 800 },
  { src: `${dir}/masonry-04.svg`, alt: "Group photo of a graduating batch", width: 800, height: 500 },
  { src: `${dir}/masonry-05.svg`, alt: "A stage set for the students' yearly get-together", width: 600, height: 800 },
  { src: `${dir}/masonry-06.svg`, alt: "A live webinar with students joining online", width: 800, height: 600 },
  { src: `${dir}/masonry-07.svg`, alt: "A mentor marking order blocks on a big screen", width: 800, height: 800 },
  { src: `${dir}/masonry-08.svg`, alt: "Students celebrating the end of a bootcamp", width: 800, height: 600 },
  { src: `${dir}/masonry-09.svg`, alt: "A one-on-one mentoring session reviewing a trade journal", width: 600, height: 750 },
  { src: `${dir}/masonry-10.svg`, alt: "A wide view of the audience at a trading seminar", width: 800, height: 450 },
  { src: `${dir}/masonry-11.svg`, alt: "Traders meeting by the beach in Goa", width: 800, height: 600 },
  { src: `${dir}/masonry-12.svg`, alt: "A trading retreat in the mountains", width: 600, height: 800 },
];

export type LocationGallery = { name: string; slug: string; photos: GalleryPhoto[] };

function location(name: string, slug: string, captions: string[]): LocationGallery {
  return {
    name,
    slug,
    photos: captions.map((caption, i) => ({
      src: `${dir}/${slug}-${i + 1}.svg`,
      alt: `${name}: ${caption}`,
      width: 800,
      height: 600,
    })),
  };
}

export const LOCATION_GALLERIES: LocationGallery[] = [
  location("Mahabaleshwar", "mahabaleshwar", [
    "morning session with a view of the hills",
    "mentor explaining market structure",
    "group photo at the viewpoint",
    "evening trade review around the table",
  ]),
  location("Supreme Goa", "supreme-goa", [
    "welcome session by the beach",
    "practice on replayed charts on the laptops",
    "mentor answering questions",
    "group photo at sunset",
    "certificate ceremony",
  ]),
  location("Supreme Jaipur", "supreme-jaipur", [
    "arrival at the heritage venue",
    "seminar on liquidity and order blocks",
    "students at the practice desks",
    "group photo in the courtyard",
    "closing night",
  ]),
  location("Supreme Manali", "supreme-manali", [
    "opening session in the mountains",
    "chart walk-through on a replayed day",
    "small-group mentoring",
    "group photo in the valley",
    "closing celebration",
  ]),
  location("Traders Meet 1", "traders-meet-1", [
    "a packed hall for the keynote",
    "panel of mentors on stage",
    "students networking",
    "analysis of a past trading day",
    "group photo",
  ]),
  location("Traders Meet 2", "traders-meet-2", [
    "registration desk in the morning",
    "workshop on risk management",
    "question time with the mentors",
    "students sharing their journals",
    "group photo",
  ]),
  location("Traders Meet 3", "traders-meet-3", ["keynote on SMC and ICT", "hands-on practice session", "group photo with the mentors"]),
];

export const GALLERY_CATEGORIES = ["All", "Workshop", "Webinar", "Seminar", "Bootcamp", "Masterclass", "Session", "Celebration"] as const;

export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

export type EventGalleryItem = {
  id: number;
  title: string;
  description: string;
  image: string;
  category: Exclude<GalleryCategory, "All">;
  /** ISO date, e.g. "2024-03-15". */
  date: string;
  location: string;
  participants: number;
};

/** Exactly 9 static event cards. */
export const EVENT_GALLERY_ITEMS: EventGalleryItem[] = [
  {
    id: 1,
    title: "Smart Money Concepts Workshop",
    description: "A full-day hands-on workshop on market structure, order blocks and fair value gaps.",
    image: `${dir}/event-1.svg`,
    category: "Workshop",
    date: "2024-01-20",
    location: "Mumbai",
    participants: 180,
  },
  {
    id: 2,
    title: "Nifty Replay Webinar",
    description: "Students followed a mentor through a replayed Nifty and Bank Nifty day, on prices at least 30 days old.",
    image: `${dir}/event-2.svg`,
    category: "Webinar",
    date: "2024-02-10",
    location: "Online",
    participants: 1200,
  },
  {
    id: 3,
    title: "Stock Market Basics Seminar",
    description: "An introduction to how markets work, charts and risk for first-time traders.",
    image: `${dir}/event-3.svg`,
    category: "Seminar",
    date: "2024-03-15",
    location: "Delhi",
    participants: 350,
  },
  {
    id: 4,
    title: "Weekend Trading Bootcamp",
    description: "Two intensive days of setups, back-testing and journaling with small-group mentoring.",
    image: `${dir}/event-4.svg`,
    category: "Bootcamp",
    date: "2024-04-27",
    location: "Pune",
    participants: 120,
  },
  {
    id: 5,
    title: "ICT Concepts Masterclass",
    description: "An advanced masterclass on kill zones, liquidity sweeps and optimal trade entry.",
    image: `${dir}/event-5.svg`,
    category: "Masterclass",
    date: "2024-06-08",
    location: "Bangalore",
    participants: 220,
  },
  {
    id: 6,
    title: "Currency Trading Workshop",
    description:
      "Reading the currency pairs traded on recognised Indian exchanges, their sessions and news events, with practice on a demo account.",
    image: `${dir}/event-6.svg`,
    category: "Workshop",
    date: "2024-07-13",
    location: "Hyderabad",
    participants: 150,
  },
  {
    id: 7,
    title: "Live Class on a Replayed Market",
    description: "A live class in which mentors replayed a past market open and explained every entry, stop and exit candle by candle.",
    image: `${dir}/event-7.svg`,
    category: "Session",
    date: "2024-08-24",
    location: "Ahmedabad",
    participants: 90,
  },
  {
    id: 8,
    title: "Risk Management Seminar",
    description: "Position sizing, drawdowns and the psychology of sticking to a plan.",
    image: `${dir}/event-8.svg`,
    category: "Seminar",
    date: "2024-10-05",
    location: "Jaipur",
    participants: 400,
  },
  {
    id: 9,
    title: "Annual Traders Celebration",
    description: "Our yearly get-together to celebrate the students who completed a course that year.",
    image: `${dir}/event-9.svg`,
    category: "Celebration",
    date: "2024-12-14",
    location: "Goa",
    participants: 500,
  },
];

/** Short captions for the scrolling highlights strip. */
export const GALLERY_HIGHLIGHTS: string[] = [
  "Traders meets across India",
  "Live classes on replayed markets every week",
  "Weekend bootcamps in the hills",
  "Masterclasses on SMC & ICT",
  "Certificates for every graduate",
  "Mentors who trade every day",
];
