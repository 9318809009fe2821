import { driveViewUrl, lessonStill, watchUrl } from "../../app/content/videos";
import { withDatabase } from "./database";

// The Videos settings the video tests need, as an admin would list them: an
// introduction, 7 tutorials and 9 student stories over the four cities. The
// ids are shaped like the platforms' but name no real video; the site shows
// videos only when a list like this is saved.

const youtubeId = (n: number) => `testVideo${String(n).padStart(2, "0")}`;
const driveId = (n: number) => `testDriveFile${String(n).padStart(2, "0")}AbCdEfGhIj`;

export const TEST_INTRO_VIDEO = { id: youtubeId(0), title: "Welcome: how we teach trading" };
export const TEST_TUTORIAL_VIDEOS = [
  "Smart Money Concepts explained for beginners",
  "Reading market structure: BOS and CHoCH",
  "How to mark order blocks",
  "Fair value gaps and how price returns to them",
  "Liquidity sweeps and stop hunts",
  "ICT kill zones for Indian market hours",
  "Risk management: position sizing with ₹5,000",
].map((title, index) => {
  const id = youtubeId(index + 1);
  return { id, title, url: watchUrl(id), thumbnail: lessonStill(index) };
});
export const TEST_SUCCESS_STORIES = (
  [
    ["Mumbai", "Rohan K.", "Software Engineer"],
    ["Delhi", "Priya S.", "Chartered Accountant"],
    ["Pune", "Amit D.", "Mechanical Engineer"],
    ["Bangalore", "Sneha R.", "Product Designer"],
    ["Mumbai", "Vikram M.", "Business Owner"],
    ["Delhi", "Neha G.", "College Student"],
    ["Pune", "Karan J.", "Bank Officer"],
    ["Bangalore", "Anjali P.", "Data Analyst"],
    ["Mumbai", "Suresh N.", "Retired Teacher"],
  ] as const
).map(([location, studentName, profession], index) => ({ id: driveId(index + 1), location, studentName, profession }));

/** Saves the Videos section with the lists above (or removes it: no videos, the default). */
export function setTestVideos(enabled = true, databasePath?: string): void {
  const value = {
    introVideo: `${watchUrl(TEST_INTRO_VIDEO.id)} | ${TEST_INTRO_VIDEO.title}`,
    tutorials: TEST_TUTORIAL_VIDEOS.map((video) => `${video.url} | ${video.title}`).join("\n"),
    successStories: TEST_SUCCESS_STORIES.map(
      (story) => `${driveViewUrl(story.id)} | ${story.location} | ${story.studentName} | ${story.profession}`,
    ).join("\n"),
  };
  withDatabase((database) => {
    if (!enabled) database.prepare("DELETE FROM site_settings WHERE section = 'videos'").run();
    else
      database
        .prepare(
          `INSERT INTO site_settings (section, value, updated_at) VALUES ('videos', ?, ?)
           ON CONFLICT (section) DO UPDATE SET value = excluded.value`,
        )
        .run(JSON.stringify(value), Date.now());
  }, databasePath);
}
