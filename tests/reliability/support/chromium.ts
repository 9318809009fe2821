import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_BROWSER_EXECUTABLE } from "../../setup/chromium";

export function launchChromium() {
  return chromium.launch({ executablePath: TEST_BROWSER_EXECUTABLE, args: CHROMIUM_ARGS });
}
