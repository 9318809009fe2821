import { CANCELLED_BY_INSTITUTE_REFUND, LEGAL_DEFAULTS_DATE } from "~/content/legal-defaults";
import { readSettings, settingsLastSaved } from "~/models/site/site-settings.server";
import { registrationStatement } from "~/schemas/legal-settings";
import type { SettingsSection } from "~/schemas/site-settings";
import { formatLongDateInIndia } from "../utils/dates";
import { DEFAULT_INSTITUTE, fillInstituteMarkers } from "~/utils/institute";
import { disclaimerHtml, disclaimerShortForm, firstParagraphText, legalMarkdownHtml } from "../utils/disclaimer.server";

// What the legal pages and the site frame read from the settings.

/** "Last updated" of a page: when its sections were last saved, or the day the defaults were written, in India. */
export function lastUpdatedLabel(sections: SettingsSection[]): string {
  return formatLongDateInIndia(settingsLastSaved(sections) ?? LEGAL_DEFAULTS_DATE);
}

/**
 * What the site frame (footer, and the note on course pages and posts) shows of
 * the disclaimer, and the grievance officer the footer names: the same one
 * /grievances names, so the two cannot disagree.
 */
export function frameDisclaimer() {
  const regulatory = readSettings("regulatory");
  const institute = readSettings("institute");
  return {
    ...disclaimerShortForm(regulatory, institute),
    html: disclaimerHtml(regulatory, institute),
    grievance: grievanceContact(),
  };
}

/**
 * The refund policy in one paragraph of plain text, for the checkout, the FAQ and the chat assistant: the same policy
 * /refund-policy shows, ending with the full refund when the institute cancels.
 */
export function refundPolicySummary(): string {
  const policy = fillInstituteMarkers(firstParagraphText(readSettings("legal").refundPolicy), readSettings("institute"));
  return `${policy} ${CANCELLED_BY_INSTITUTE_REFUND}`;
}

/** Who answers a privacy request or a grievance: the one officer the footer, /grievances and the privacy notice all name. */
export function grievanceContact(): { name: string; designation: string; email: string; phone: string } {
  const regulatory = readSettings("regulatory");
  const institute = readSettings("institute");
  // The officer answers at the institute's own address and number until an admin
  // gives them their own, so a renamed institute never shows the demo's contact.
  return {
    name: regulatory.grievanceOfficerName,
    designation: regulatory.grievanceOfficerDesignation,
    email: regulatory.grievanceOfficerEmail === DEFAULT_INSTITUTE.email ? institute.email : regulatory.grievanceOfficerEmail,
    phone: regulatory.grievanceOfficerPhone === DEFAULT_INSTITUTE.phone1 ? institute.phone1 : regulatory.grievanceOfficerPhone,
  };
}

/** A legal page's Markdown (terms, refund policy…) as HTML, naming the institute as the settings do now. */
export function legalPageHtml(markdown: string): string {
  return legalMarkdownHtml(markdown, readSettings("institute"));
}

/** The sentence about SEBI registration, with the institute's name as set now. */
export function currentRegistrationStatement(regulatory = readSettings("regulatory")): string {
  return registrationStatement(regulatory, readSettings("institute").name);
}
