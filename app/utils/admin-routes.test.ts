import { expect, test } from "vitest";
import { confirmDeletePath, currentAdminPath, listSearchOf } from "./admin-routes";

const moved = (path: string) => currentAdminPath(new URL(path, "http://localhost"));

test("old admin addresses move to the resource's own address, their query kept", () => {
  expect(moved("/admin/courses/12/edit")).toBe("/admin/courses/12");
  expect(moved("/admin/courses/12/edit?q=nifty")).toBe("/admin/courses/12?q=nifty");
  expect(moved("/admin/events/7/delete?status=past")).toBe("/admin/events/7?status=past&confirm=delete");
  expect(moved("/admin/mentors/3/delete")).toBe("/admin/mentors/3?confirm=delete");
  expect(moved("/admin/coupons/4/edit")).toBe("/admin/coupons/4");
  expect(moved("/admin/content/post/new")).toBe("/admin/blog/new");
  expect(moved("/admin/content/post/5/edit")).toBe("/admin/blog/5");
  expect(moved("/admin/content/blog/5/delete?page=2")).toBe("/admin/blog/5?page=2&confirm=delete");
  expect(moved("/admin/content/blog?q=tax")).toBe("/admin/blog?q=tax");
  expect(moved("/admin/content/testimonial/9/edit")).toBe("/admin/testimonials/9");
  expect(moved("/admin/content/testimonials/new")).toBe("/admin/testimonials/new");
  expect(moved("/admin/content/testimonials")).toBe("/admin/testimonials");
  expect(moved("/admin/users/files/2/share")).toBe("/admin/users/files/2");
  expect(moved("/admin/users/files/2/delete")).toBe("/admin/users/files/2?confirm=delete");
});

test("addresses that never existed, and today's, are not moved", () => {
  for (const path of ["/admin/nothing", "/admin/courses/12", "/admin/blog/5", "/admin/courses/12/edit/more", "/admin/content/post"])
    expect(moved(path)).toBeNull();
});

test("a dialog's address keeps the list's search but not its own confirm step", () => {
  expect(listSearchOf("?q=nifty&confirm=delete")).toBe("?q=nifty");
  expect(listSearchOf("?confirm=delete")).toBe("");
  expect(confirmDeletePath("/admin/courses/12", "?q=nifty")).toBe("/admin/courses/12?q=nifty&confirm=delete");
  expect(confirmDeletePath("/admin/courses/12", "")).toBe("/admin/courses/12?confirm=delete");
});
