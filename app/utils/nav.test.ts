import { expect, test } from "vitest";
import { isNavLinkCurrent } from "./nav";

test("a link is current when the path starts with it; home only on exactly /", () => {
  expect(isNavLinkCurrent("/", "/")).toBe(true);
  expect(isNavLinkCurrent("/courses", "/")).toBe(false);
  expect(isNavLinkCurrent("/courses", "/courses")).toBe(true);
  expect(isNavLinkCurrent("/courses/3", "/courses")).toBe(true);
  expect(isNavLinkCurrent("/coursesx", "/courses")).toBe(false);
  expect(isNavLinkCurrent("/blog/some-post", "/about")).toBe(false);
});
