/** India's time zone: every time the site shows is in it (app/utils/dates.ts). */
export const INDIA_TIME_ZONE = "Asia/Kolkata";
