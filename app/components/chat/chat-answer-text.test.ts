import { describe, expect, it } from "vitest";
import { CHAT_ERROR, fallbackAction } from "./chat-replies";
import { showsChatWidget } from "./chat-text";
import { splitAddresses } from "./chat-answer-text";

describe("splitAddresses", () => {
  it("makes site paths and web addresses links, leaving sentence punctuation as text", () => {
    expect(splitAddresses("SMC & ICT Courses costs ₹4,499. Details and enrollment: /courses/3.")).toEqual([
      { kind: "text", value: "SMC & ICT Courses costs ₹4,499. Details and enrollment: " },
      { kind: "path", value: "/courses/3" },
      { kind: "text", value: "." },
    ]);
    expect(splitAddresses("Message us at https://wa.me/919876543210?text=Hi, or see (/events/3/register)")).toEqual([
      { kind: "text", value: "Message us at " },
      { kind: "url", value: "https://wa.me/919876543210?text=Hi" },
      { kind: "text", value: ", or see (" },
      { kind: "path", value: "/events/3/register" },
      { kind: "text", value: ")" },
    ]);
  });

  it("leaves slashes inside words and numbers alone", () => {
    for (const text of ["USD/INR moves on RBI news", "Support 24/7? No: 10 AM - 7:00 PM IST", "and/or", "a / b"])
      expect(splitAddresses(text)).toEqual([{ kind: "text", value: text }]);
    expect(splitAddresses("")).toEqual([]);
  });
});

describe("chat texts", () => {
  it("knows the spec's three fallback suggestions and nothing else", () => {
    expect(CHAT_ERROR.suggestions.map(fallbackAction)).toEqual(["whatsapp", "faq", "courses"]);
    expect(fallbackAction("Can I get a refund?")).toBeNull();
  });

  it("shows the widget on the public site only, not on /chat or the admin area", () => {
    for (const path of ["/", "/courses", "/contact", "/chatter", "/administration"]) expect(showsChatWidget(path)).toBe(true);
    for (const path of ["/chat", "/chat/", "/admin", "/admin/", "/admin/login", "/admin/courses/3"])
      expect(showsChatWidget(path)).toBe(false);
  });
});
