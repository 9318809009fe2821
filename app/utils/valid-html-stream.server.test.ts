import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { ValidHtmlStream } from "./valid-html-stream.server";

const through = (chunks: string[]) => text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(new ValidHtmlStream()));

describe("a page's stream made valid HTML", () => {
  it("moves </body></html> after what was streamed behind it", async () => {
    expect(await through(["<html><body><p>shell</p></body></html>", "<script>data()</script>", "<script>more()</script>"])).toBe(
      "<html><body><p>shell</p><script>data()</script><script>more()</script></body></html>",
    );
  });

  it("finds the tags split over chunks, at any point", async () => {
    const page = "<html><body><p>ü shell</p></body></html><script>late()</script>";
    for (let cut = 1; cut < page.length; cut++)
      expect(await through([page.slice(0, cut), page.slice(cut)]), String(cut)).toBe(
        "<html><body><p>ü shell</p><script>late()</script></body></html>",
      );
  });

  it("drops the zero bytes React 18 leaves where a character did not fit its buffer", async () => {
    const unfilled = Buffer.concat([Buffer.from("<p>Unpublish "), Buffer.alloc(2), Buffer.from("“Why”</p>")]);
    expect(await text(Readable.from([unfilled]).pipe(new ValidHtmlStream()))).toBe("<p>Unpublish “Why”</p>");
  });

  it("leaves a document without them as it is", async () => {
    expect(await through(["<p>a fragment", " in two</p>"])).toBe("<p>a fragment in two</p>");
  });
});
