import { indianStateName } from "./indian-states";
import type { Institute } from "./institute";

// The institute's postal address as lines, worked out on the server: the
// state names' table stays out of the pages' JavaScript (the root loader
// hands the lines to the footer and the contact page).

/** Where the institute is, as pages show it: its address lines and its state's name. */
export type InstituteAddress = { lines: string[]; region: string };

export function instituteAddressOf(institute: Institute): InstituteAddress {
  return { lines: institutePostalLines(institute), region: indianStateName(institute.stateCode) ?? institute.stateCode };
}

/** The postal address as lines: street, optional second line, "City, State PIN", and the country. */
export const institutePostalLines = (institute: Institute): string[] =>
  [
    institute.addressLine1,
    institute.addressLine2,
    `${institute.city}, ${indianStateName(institute.stateCode) ?? institute.stateCode} ${institute.pin}`,
    // The footer says the institute is in India: every address here is in India.
    "India",
  ].filter((line): line is string => Boolean(line));
