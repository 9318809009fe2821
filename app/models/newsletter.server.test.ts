import { describe, expect, test } from "vitest";
import { newsletterSubscribers } from "../../db/schema";
import { db } from "~/utils/db.server";
import { subscribeToNewsletter } from "./newsletter.server";

const stored = () => db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).all();

describe("subscribeToNewsletter", () => {
  test("stores the address lower-cased; the same inbox again is harmless", () => {
    expect(subscribeToNewsletter(" Reader@Example.COM ")).toEqual({ status: "subscribed" });
    expect(stored()).toEqual([{ email: "reader@example.com" }]);

    expect(subscribeToNewsletter("reader@example.com")).toEqual({ status: "already-subscribed" });
    expect(subscribeToNewsletter("READER@EXAMPLE.COM")).toEqual({ status: "already-subscribed" });
    expect(stored()).toEqual([{ email: "reader@example.com" }]);

    expect(subscribeToNewsletter("other@example.com")).toEqual({ status: "subscribed" });
    expect(stored()).toHaveLength(2);
  });
});
