import { describe, expect, it } from "vitest";
import { vimeoPlayerUrl, youtubeEmbedUrl } from "./video-embed";

describe("youtubeEmbedUrl", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10",
    "https://youtu.be/dQw4w9WgXcQ",
    "https://m.youtube.com/shorts/dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  ])("plays %s from the privacy-enhanced host", (link) => {
    expect(youtubeEmbedUrl(link)).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  });

  it.each(["javascript:alert(1)", "https://evil.example/watch?v=dQw4w9WgXcQ", "https://youtube.com/watch?v=short", "not a link"])(
    "refuses %s",
    (link) => expect(youtubeEmbedUrl(link)).toBeNull(),
  );
});

describe("vimeoPlayerUrl", () => {
  it("plays a vimeo.com link, keeping an unlisted video's hash", () => {
    expect(vimeoPlayerUrl("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(vimeoPlayerUrl("https://vimeo.com/76979871/0a1b2c3d4e")).toBe("https://player.vimeo.com/video/76979871?h=0a1b2c3d4e");
    expect(vimeoPlayerUrl("https://player.vimeo.com/video/76979871?h=0a1b2c3d4e")).toBe(
      "https://player.vimeo.com/video/76979871?h=0a1b2c3d4e",
    );
  });

  it("refuses other hosts and non-numeric ids", () => {
    expect(vimeoPlayerUrl("https://vimeo.evil.example/76979871")).toBeNull();
    expect(vimeoPlayerUrl("https://vimeo.com/channels")).toBeNull();
  });
});
