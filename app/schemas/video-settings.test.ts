import { describe, expect, it } from "vitest";
import { driveIdOf, videoLists, VideoSettingsSchema, youtubeIdOf } from "./video-settings";

describe("video settings", () => {
  it("reads a video's id from the links the platforms give", () => {
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://youtube.com/shorts/dQw4w9WgXcQ",
      "dQw4w9WgXcQ",
    ])
      expect(youtubeIdOf(link), link).toBe("dQw4w9WgXcQ");
    for (const link of ["https://vimeo.com/123", "https://www.youtube.com/watch?v=short", "not a link"])
      expect(youtubeIdOf(link), link).toBeNull();
    expect(driveIdOf("https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view?usp=sharing")).toBe("1AbCdEfGhIjKlMnOpQrStUv");
    expect(driveIdOf("https://example.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view")).toBeNull();
  });

  it("shows nothing until an admin lists videos", () => {
    expect(videoLists(VideoSettingsSchema.parse({}))).toEqual({ intro: null, tutorials: [], successStories: [] });
  });

  it("keeps the videos listed, one a line, and names the line that is wrong", () => {
    const saved = VideoSettingsSchema.parse({
      introVideo: "https://youtu.be/dQw4w9WgXcQ | Welcome",
      tutorials: "https://www.youtube.com/watch?v=aaaaaaaaaaa | Order blocks\n\nhttps://youtu.be/bbbbbbbbbbb | Risk",
      successStories: "https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view | pune | Amit D. | Engineer",
    });
    expect(videoLists(saved)).toEqual({
      intro: { id: "dQw4w9WgXcQ", title: "Welcome" },
      tutorials: [
        { id: "aaaaaaaaaaa", title: "Order blocks" },
        { id: "bbbbbbbbbbb", title: "Risk" },
      ],
      successStories: [{ id: "1AbCdEfGhIjKlMnOpQrStUv", city: "Pune", studentName: "Amit D.", profession: "Engineer" }],
    });

    const refused = VideoSettingsSchema.safeParse({
      introVideo: "https://youtu.be/dQw4w9WgXcQ",
      tutorials: "https://youtu.be/aaaaaaaaaaa | Fine\nhttps://vimeo.com/1 | Elsewhere",
      successStories: "https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view | Goa | Amit D. | Engineer",
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["introVideo", "Introduction video must be a YouTube link, | and a title"],
      ["tutorials", "Tutorial videos, line 2 must start with a YouTube link"],
      ["successStories", "Student stories, line 1 needs a city: Mumbai, Delhi, Pune, Bangalore"],
    ]);
  });
});
