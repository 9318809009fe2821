import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Marquee } from "~/components/marquee";
import { Badge } from "~/components/ui/badge";
import { EVENT_GALLERY_ITEMS, GALLERY_CATEGORIES, GALLERY_HIGHLIGHTS, LOCATION_GALLERIES, MASONRY_PHOTOS } from "~/content/gallery";
import { InstituteFigures } from "~/components/institute-figures";
import { countedFigures, figuresShown } from "./__institute-figures.server";
import { formatShortCalendarDay } from "~/utils/dates";
import { instituteFrom, pageMeta } from "~/utils/seo";
import { oneOf } from "~/utils/validation";
import { countOf } from "~/utils/plural";
import { useInstitute } from "~/utils/use-institute";
import { instituteSocialLinks } from "~/utils/institute";

export async function loader({ request }: LoaderFunctionArgs) {
  const category = oneOf(new URL(request.url).searchParams.get("category"), GALLERY_CATEGORIES, "All");
  // Counted, never typed in: events from the site's own list, cities and photos from the gallery itself.
  const photos =
    MASONRY_PHOTOS.length + LOCATION_GALLERIES.reduce((sum, place) => sum + place.photos.length, 0) + EVENT_GALLERY_ITEMS.length;
  const { eventsHeld } = countedFigures();
  const figures = figuresShown([
    eventsHeld,
    { value: LOCATION_GALLERIES.length, label: "Cities", asOf: eventsHeld.asOf },
    { value: photos, label: "Photos", asOf: eventsHeld.asOf },
  ]);
  return { category, figures };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "Gallery",
    description: `Photos from ${instituteFrom(matches).name} seminars, workshops, bootcamps and traders meets in ${LOCATION_GALLERIES.length} cities across India.`,
    path: "/gallery",
  });

export default function Gallery() {
  const { category, figures } = useLoaderData<typeof loader>();
  const institute = useInstitute();
  const socialLinks = instituteSocialLinks(institute);
  const items = EVENT_GALLERY_ITEMS.filter((item) => category === "All" || item.category === category);

  return (
    <>
      <section aria-labelledby="gallery-heading" className="bg-navy-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">Moments from our events</p>
          <h1 id="gallery-heading" className="mt-3 text-4xl font-extrabold sm:text-5xl">
            Our Gallery
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">
            Seminars, workshops, bootcamps and traders meets: a look at learning with {institute.name}.
          </p>
          <div data-testid="gallery-stats">
            <InstituteFigures figures={figures} className="mx-auto mt-10 max-w-4xl" />
          </div>
        </div>
      </section>

      <section aria-labelledby="highlights-heading" className="bg-gold-400 py-3 text-navy-950">
        <h2 id="highlights-heading" className="sr-only">
          Highlights
        </h2>
        <Marquee
          durationMs={35000}
          renderCopy={(duplicate) => (
            <ul className="flex shrink-0 gap-10 pr-10" aria-label={duplicate ? undefined : "Highlights"}>
              {GALLERY_HIGHLIGHTS.map((highlight) => (
                <li key={highlight} className="flex shrink-0 items-center gap-2 text-sm font-semibold">
                  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
                    <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
                  </svg>
                  {highlight}
                </li>
              ))}
            </ul>
          )}
        />
      </section>

      <section aria-labelledby="moments-heading" className="mx-auto w-full max-w-7xl px-4 py-16">
        <h2 id="moments-heading" className="text-center text-3xl font-bold text-navy-900">
          Event Moments
        </h2>
        <ul className="mt-10 columns-1 gap-4 sm:columns-2 lg:columns-3" data-testid="masonry">
          {MASONRY_PHOTOS.map((photo) => (
            <li key={photo.src} className="mb-4 break-inside-avoid">
              <img
                src={photo.src}
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                decoding="async"
                className="h-auto w-full rounded-xl bg-slate-200 shadow-md"
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="locations-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="locations-heading" className="text-center text-3xl font-bold text-navy-900">
            Location Galleries
          </h2>
          <div className="mt-10 space-y-12">
            {LOCATION_GALLERIES.map((gallery) => (
              <section key={gallery.slug} aria-labelledby={`location-${gallery.slug}`} data-testid={`location-${gallery.slug}`}>
                <h3 id={`location-${gallery.slug}`} className="text-2xl font-bold text-navy-900">
                  {gallery.name} <span className="text-base font-medium text-slate-600">({countOf(gallery.photos.length, "photo")})</span>
                </h3>
                <ul className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
                  {gallery.photos.map((photo) => (
                    <li key={photo.src}>
                      <img
                        src={photo.src}
                        alt={photo.alt}
                        width={photo.width}
                        height={photo.height}
                        loading="lazy"
                        decoding="async"
                        className="aspect-[4/3] h-auto w-full rounded-lg bg-slate-200 object-cover"
                      />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </div>
      </section>

      <section id="events" aria-labelledby="events-heading" className="scroll-mt-20 bg-slate-100">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="events-heading" className="text-center text-3xl font-bold text-navy-900">
            Event Gallery
          </h2>
          <nav aria-label="Filter events by category" className="mt-6">
            <ul className="flex flex-wrap justify-center gap-2">
              {GALLERY_CATEGORIES.map((option) => {
                const current = option === category;
                return (
                  <li key={option}>
                    <Link
                      to={option === "All" ? "/gallery#events" : `/gallery?category=${option}#events`}
                      preventScrollReset
                      aria-current={current ? "true" : undefined}
                      className={`inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold ring-1 ${
                        current ? "bg-navy-900 text-white ring-navy-900" : "bg-white text-navy-900 ring-slate-300 hover:bg-slate-200"
                      }`}
                    >
                      {option}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <p className="mt-4 text-center text-sm text-slate-600" aria-live="polite">
            Showing {items.length} of {EVENT_GALLERY_ITEMS.length} events
          </p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="event-gallery">
            {items.map((item) => (
              <li key={item.id}>
                <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
                  <img
                    src={item.image}
                    alt=""
                    width={400}
                    height={250}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[8/5] h-auto w-full bg-slate-200 object-cover"
                  />
                  <div className="flex flex-1 flex-col gap-2 p-5">
                    <div>
                      <Badge tone="blue">{item.category}</Badge>
                    </div>
                    <h3 className="text-lg font-bold text-navy-900">{item.title}</h3>
                    <p className="text-sm text-slate-700">{item.description}</p>
                    <dl className="mt-auto grid grid-cols-3 gap-2 pt-3 text-xs text-slate-600">
                      <div>
                        <dt className="font-semibold text-navy-900">Date</dt>
                        <dd>
                          <time dateTime={item.date}>{formatShortCalendarDay(item.date)}</time>
                        </dd>
                      </div>
                      <div>
                        <dt className="font-semibold text-navy-900">Location</dt>
                        <dd>{item.location}</dd>
                      </div>
                      <div>
                        <dt className="font-semibold text-navy-900">Participants</dt>
                        <dd>{item.participants.toLocaleString("en-IN")}</dd>
                      </div>
                    </dl>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {socialLinks.length > 0 ? (
        <section aria-labelledby="social-heading" className="bg-navy-900 text-white">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-14 text-center">
            <h2 id="social-heading" className="text-3xl font-bold">
              Follow us for more
            </h2>
            <p className="max-w-2xl text-slate-200">New photos and videos from every event, on our social pages.</p>
            <ul className="mt-2 flex flex-wrap justify-center gap-3">
              {socialLinks.map((social) => (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center rounded-lg border border-white/70 px-5 text-sm font-semibold hover:bg-white hover:text-navy-900"
                  >
                    {social.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}
