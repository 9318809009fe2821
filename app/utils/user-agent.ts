// A short name for the browser and system a session signed in from, read from
// the User-Agent at sign-in, so a student can tell their devices apart on the
// account page. It names, it does not identify: the first match in each list
// wins, and anything unknown is said plainly. Order matters: Edge, Opera and
// Samsung Internet also call themselves Chrome; Chrome also calls itself Safari.

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const firstMatch = (text: string, list: [RegExp, string][]) => list.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome on Android", "Safari on iPhone", "Firefox", or "Unknown browser". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const text = (userAgent ?? "").slice(0, 512);
  const browser = firstMatch(text, BROWSERS);
  const system = firstMatch(text, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : "Unknown browser");
}
