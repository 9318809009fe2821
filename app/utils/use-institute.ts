import { useRouteLoaderData } from "@remix-run/react";
import { whatsappLink, type WhatsappTopic } from "~/content/site";
import type { loader } from "~/root";
import { DEFAULT_INSTITUTE, type Institute } from "~/utils/institute";

/**
 * The institute's name, contact details and links as the root loader read
 * them from the settings on this request: the one way a component learns
 * them. The defaults only where the root's own loader failed.
 */
export function useInstitute(): Institute {
  return useRouteLoaderData<typeof loader>("root")?.institute ?? DEFAULT_INSTITUTE;
}

/** A WhatsApp chat link to the institute's number as set now, with the topic's prefilled message. */
export function useWhatsappLink(topic: WhatsappTopic, detail?: string): string {
  return whatsappLink(useInstitute(), topic, detail);
}

/** The institute's postal address as lines (worked out by the root loader); none where that loader failed. */
export function useInstituteAddress(): string[] {
  return useRouteLoaderData<typeof loader>("root")?.instituteAddress.lines ?? [];
}
