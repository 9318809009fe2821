import { adminApiClient, auditActionsOf, clientWithCookie, describe, expect, queryTestDatabase, test } from "./support/test";

// The site's videos are the ones an admin lists under Settings, Videos: with
// none listed the video sections do not show and nothing links to a video.

const stored = () => queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = 'videos'")[0];

describe("the Videos settings", () => {
  test("no video shows until an admin lists one; a bad line is refused on its field; a saved list shows on the pages", async () => {
    const visitor = await clientWithCookie();
    const home = await (await visitor.get("/")).text();
    expect(home).not.toContain("Educational Content &amp; Student Reviews");
    expect(home).not.toMatch(/youtube\.com\/watch|youtube-nocookie\.com/);
    const stories = await (await visitor.get("/testimonials")).text();
    expect(stories).not.toContain("Video Success Stories");
    expect(stories).not.toContain("drive.google.com");

    const { admin, client } = await adminApiClient("admin");
    const refused = await client.post("/admin/settings", {
      form: { intent: "videos", tutorials: "https://vimeo.com/1 | Elsewhere" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Tutorial videos, line 1 must start with a YouTube link");
    expect(stored()).toBeUndefined();

    const saved = await client.post("/admin/settings", {
      form: {
        intent: "videos",
        introVideo: "https://youtu.be/introIntro1 | Welcome to the institute",
        tutorials: "https://www.youtube.com/watch?v=lessonOne01 | Order blocks, step by step",
        successStories: "https://drive.google.com/file/d/1StoryStoryStoryStory01/view | Pune | Amit D. | Engineer",
      },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    expect(auditActionsOf(admin).map((row) => row.action)).toContain("settings_updated");

    const after = await (await visitor.get("/")).text();
    expect(after).toContain("Educational Content &amp; Student Reviews");
    expect(after).toContain("https://www.youtube.com/watch?v=lessonOne01");
    expect(after).toContain("https://www.youtube.com/watch?v=introIntro1");
    const storiesAfter = await (await visitor.get("/testimonials")).text();
    expect(storiesAfter).toContain("Video Success Stories");
    expect(storiesAfter).toContain("https://drive.google.com/file/d/1StoryStoryStoryStory01/view");
    expect(storiesAfter).toContain("Amit D., Engineer");
  });
});
