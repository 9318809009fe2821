import { readSettings } from "~/models/site/site-settings.server";
import { videoLists } from "~/schemas/video-settings";

/**
 * The videos an admin listed, for a page's loader. A server module, so the
 * settings schema (and its validation library) stays out of the page's JavaScript.
 */
export function readVideoLists() {
  return videoLists(readSettings("videos"));
}
