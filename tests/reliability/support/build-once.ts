import { runNodeScript } from "../../support/child-environment";
import { BUILD_DIR, RELIABILITY_SECRETS } from "./site-config";

/** One production build for every server the suite starts, made with the secrets configured. */
export default function setup() {
  runNodeScript("The production build", ["scripts/start.ts", "--build-only"], {
    ...RELIABILITY_SECRETS,
    NODE_ENV: "production",
    SITE_BUILD_DIR: BUILD_DIR,
  });
}
