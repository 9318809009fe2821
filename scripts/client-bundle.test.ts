import { expect, test } from "vitest";
import { withoutLicenseComments } from "./client-bundle";

const REACT_NOTICE = "/**\n * @license React\n * react.production.min.js\n *\n * Copyright (c) Facebook, Inc. and its affiliates.\n */";

test("license comments leave the script for the notices file, which the script then names", () => {
  const { code, notices } = withoutLicenseComments(`var a={};${REACT_NOTICE}function b(){return a}`);
  expect(notices).toEqual([REACT_NOTICE]);
  expect(code).toBe("/*! Licenses: /assets/third-party-licenses.txt */\nvar a={};function b(){return a}");
});

test("code that only looks like a comment is kept: an Accept header's */*, a doc comment without @license", () => {
  const script = 'fetch(u,{headers:{Accept:"*/*"}});/**\n * A helper.\n */const x="/** @license in a string */";';
  expect(withoutLicenseComments(script)).toEqual({ code: script, notices: [] });
});
