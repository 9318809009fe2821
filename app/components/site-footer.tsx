import { Link } from "@remix-run/react";
import { LEGAL_PAGES } from "~/content/legal-pages";
import { FOOTER_QUICK_LINKS, FOOTER_SERVICES } from "~/content/site";
import { currentIndiaYear } from "~/utils/india-year";
import { institutePhones, instituteSocialLinks } from "~/utils/institute";
import { useInstitute, useInstituteAddress } from "~/utils/use-institute";

/** Who answers grievances, as the settings name them. */
export type GrievanceOfficer = { name: string; designation: string; email: string; phone: string };

/** The disclaimer and the grievance officer as the site frame's loader reads them from the settings. */
export type FrameDisclaimer = { summary: string; registration: string; html: string; grievance: GrievanceOfficer };

/** A footer link as tall as a thumb (44 px) on a phone. */
const FOOTER_LINK = "inline-flex min-h-11 min-w-11 items-center hover:text-gold-400";

/** Without `disclaimer` (an error page whose frame loader failed) the footer still links to the full one. */
export function SiteFooter({ disclaimer }: { disclaimer?: FrameDisclaimer }) {
  const institute = useInstitute();
  const address = useInstituteAddress();
  return (
    <footer className="mt-auto bg-navy-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-bold text-white">
            {institute.name}
          </h2>
          <p className="mt-2 text-sm">{institute.tagline}</p>
          <ul className="mt-2 flex flex-wrap gap-x-4 text-sm">
            {instituteSocialLinks(institute).map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className={`${FOOTER_LINK} underline-offset-4 hover:underline`}
                >
                  {social.name}
                </a>
              </li>
            ))}
          </ul>
          {disclaimer ? <FooterGrievanceOfficer officer={disclaimer.grievance} /> : null}
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-lg font-bold text-white">
            Quick Links
          </h2>
          <ul className="mt-2 text-sm">
            {FOOTER_QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={FOOTER_LINK}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services" className="text-lg font-bold text-white">
            Services
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {FOOTER_SERVICES.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg font-bold text-white">
            Contact
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {institutePhones(institute).map((phone) => (
              <li key={phone}>
                <a href={`tel:${phone.replace(/\s/g, "")}`} className={FOOTER_LINK}>
                  {phone}
                </a>
              </li>
            ))}
            <li>
              <a href={`mailto:${institute.email}`} className={FOOTER_LINK}>
                {institute.email}
              </a>
            </li>
            <li>
              <address className="not-italic">
                {address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </li>
            <li>{institute.hours}</li>
          </ul>
        </section>
      </div>
      {disclaimer ? (
        <div className="border-t border-white/10">
          <div className="mx-auto max-w-7xl px-4 py-4 text-xs leading-relaxed text-slate-400">
            <p>
              <strong className="font-semibold text-slate-200">Disclaimer:</strong> {disclaimer.summary} {disclaimer.registration}{" "}
              <Link to="/disclaimer" className="text-slate-200 underline underline-offset-2 hover:text-gold-400">
                Read the full disclaimer
              </Link>
            </p>
          </div>
        </div>
      ) : null}
      <div className="border-t border-white/10">
        {/* Room below the last links for the floating chat button (56 px, 16 px from the edge): at the page's end it covers none of them. */}
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 pt-4 pb-20 text-xs sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {currentIndiaYear()} {institute.name}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-4">
            {LEGAL_PAGES.map((page) => (
              <li key={page.path}>
                <Link to={page.path} className={FOOTER_LINK}>
                  {page.title}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/privacy#cookie-settings" className={FOOTER_LINK}>
                Cookie settings
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

/**
 * The grievance officer, with the same contact /grievances gives (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)):
 * apart from the institute's contact, as the two may differ.
 */
function FooterGrievanceOfficer({ officer }: { officer: GrievanceOfficer }) {
  return (
    <div className="mt-3 text-sm">
      <h3 className="font-semibold text-slate-200">
        <Link to="/grievances" className={`${FOOTER_LINK} underline underline-offset-2`}>
          Grievance officer
        </Link>
      </h3>
      <span className="block">
        {officer.name}, {officer.designation}
      </span>
      <a href={`mailto:${officer.email}`} className={FOOTER_LINK}>
        {officer.email}
      </a>
      <span className="block">
        <a href={`tel:${officer.phone.replace(/[^\d+]/g, "")}`} className={FOOTER_LINK}>
          {officer.phone}
        </a>
      </span>
    </div>
  );
}
