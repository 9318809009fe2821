import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { deferredComponent } from "~/components/deferred-component";
import { Marquee } from "~/components/marquee";
import { buttonClass } from "~/components/ui/button";
import { SingleVideo, VideoMarquee, type FacadeVideo } from "~/components/video-gallery";
import { MENTOR_SECTION } from "~/content/about";
import { InstituteFigures, type ShownFigure } from "~/components/institute-figures";
import { PERKS } from "~/content/site";
import { instituteSocialLinks } from "~/utils/institute";
import { useInstitute, useWhatsappLink } from "~/utils/use-institute";
import { embedUrl, lessonStill, watchUrl } from "~/content/videos";
import type { TutorialVideo } from "~/schemas/video-settings";
import { readVideoLists } from "./__videos.server";
import { listRecentPosts } from "~/models/content/blog.server";
import { isFreeEvent, listActiveEvents, type SiteEvent } from "~/models/events/event.server";
import { listApprovedTestimonialsWithEnrollment } from "~/models/content/testimonial.server";
import { getOptionalUser } from "~/services/accounts/sessions/student-session.server";
import { formatTickerDate } from "~/utils/dates";
import { formatAmount } from "~/utils/money";
import { instituteFrom, instituteRegionFrom, jsonLd, pageMeta } from "~/utils/seo";
import { Dashboard as DashboardNow } from "./__dashboard";
import { dashboardData } from "./__dashboard.server";
import { CompactBlogCard } from "./__blog-card";
import { toBlogCards } from "./__blog-card.server";
import { CompactEventCard } from "./__event-card";
import { toEventCards } from "./__event-card.server";
import { instituteFigures } from "./__institute-figures.server";
import { TestimonialCard, toPublicTestimonial } from "./__testimonial-card";

/** The ticker runs through the next few events; the cards show three. */
const TICKER_LIMIT = 10;
const HOME_EVENTS = 3;
const HOME_POSTS = 3;

function eventPriceLabel(event: SiteEvent) {
  return isFreeEvent(event) ? "FREE" : formatAmount(event.pricePaise);
}

// Only signed-in students see it, so visitors' first load does not carry it.
const Dashboard = deferredComponent("dashboard", import.meta.env.SSR ? DashboardNow : null, () =>
  import("./__dashboard").then((module) => module.Dashboard),
);

/** Visitors get the landing page; a signed-in student gets the dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (user) return { dashboard: dashboardData(user), landing: null };
  return { dashboard: null, landing: landingData() };
}

/** A video the admin listed, as the players show it; built here so the lists stay out of the page's JavaScript. */
const toFacadeVideo = (video: TutorialVideo, index: number): FacadeVideo => ({
  key: video.id,
  title: video.title,
  thumbnail: lessonStill(index),
  href: watchUrl(video.id),
  embedSrc: embedUrl(video.id),
});

function landingData() {
  const videos = readVideoLists();
  const upcoming = listActiveEvents({ time: "upcoming" });
  const ticker = upcoming.slice(0, TICKER_LIMIT).map((event) => ({
    id: event.id,
    text: `${event.title} • ${formatTickerDate(event.eventDate)} • ${eventPriceLabel(event)}`,
  }));
  const events = toEventCards(upcoming.slice(0, HOME_EVENTS));
  const posts = toBlogCards(listRecentPosts(HOME_POSTS));
  const [testimonial] = listApprovedTestimonialsWithEnrollment(1);
  return {
    ticker,
    events,
    posts,
    testimonial: testimonial ? toPublicTestimonial(testimonial) : null,
    tutorialVideos: videos.tutorials.map(toFacadeVideo),
    introVideo: videos.intro ? toFacadeVideo(videos.intro, 0) : null,
    mentorSection: MENTOR_SECTION,
    figures: instituteFigures(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const institute = instituteFrom(matches);
  return [
    ...pageMeta(matches, { title: institute.name, description: institute.tagline, path: "/" }),
    jsonLd({
      "@type": "EducationalOrganization",
      name: institute.name,
      description: institute.tagline,
      email: institute.email,
      telephone: institute.phone1,
      address: {
        "@type": "PostalAddress",
        streetAddress: [institute.addressLine1, institute.addressLine2].filter(Boolean).join(", "),
        addressLocality: institute.city,
        addressRegion: instituteRegionFrom(matches),
        postalCode: institute.pin,
        addressCountry: "IN",
      },
      sameAs: instituteSocialLinks(institute).map((link) => link.href),
    }),
  ];
};

export default function Home() {
  const { dashboard, landing } = useLoaderData<typeof loader>();
  const generalWhatsapp = useWhatsappLink("general");
  const mentorWhatsapp = useWhatsappLink("mentor");
  if (dashboard) return <Dashboard data={dashboard} />;
  const { ticker, events, posts, testimonial, tutorialVideos, introVideo, mentorSection, figures } = landing;
  return (
    <>
      <Hero />
      {ticker.length > 0 ? <EventsTicker items={ticker} /> : null}

      <section aria-labelledby="intro-heading" className="bg-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 lg:grid-cols-2">
          <div>
            <h2 id="intro-heading" className="text-3xl font-bold text-navy-900">
              {mentorSection.heading}
            </h2>
            <p className="mt-4 text-lg text-slate-700">{mentorSection.text}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/about" className={buttonClass("secondary")}>
                Meet our mentors
              </Link>
              <a href={generalWhatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("outline")}>
                Chat with us on WhatsApp
              </a>
            </div>
          </div>
          {introVideo ? (
            <div data-testid="intro-video">
              <SingleVideo video={introVideo} thumbWidth={640} thumbHeight={360} />
            </div>
          ) : null}
        </div>
      </section>

      {testimonial ? (
        <section aria-labelledby="testimonial-heading" className="bg-slate-100">
          <div className="mx-auto max-w-3xl px-4 py-16">
            <h2 id="testimonial-heading" className="text-center text-3xl font-bold text-navy-900">
              What our students say
            </h2>
            <TestimonialCard testimonial={testimonial} className="mt-8" />
            <p className="mt-6 text-center">
              <Link
                to="/testimonials"
                className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-4"
              >
                Read more student stories
              </Link>
            </p>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="contact-heading" className="bg-gold-400">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-14 text-center text-navy-950">
          <h2 id="contact-heading" className="text-3xl font-bold">
            Have questions? Talk to a mentor.
          </h2>
          <p className="max-w-2xl">Message us on WhatsApp and a mentor will help you choose the right course.</p>
          <a href={mentorWhatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
            Contact Us on WhatsApp
          </a>
        </div>
      </section>

      <InstituteInNumbers figures={figures} />

      <section aria-labelledby="events-heading" className="bg-slate-100">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <SectionHeader id="events-heading" title="Upcoming Events" link={{ to: "/events", label: "View all events" }} />
          {events.length > 0 ? (
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {events.map((event) => (
                <li key={event.id}>
                  <CompactEventCard event={event} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-8 rounded-xl bg-white p-8 text-center text-slate-600">No upcoming events at the moment.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="blog-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <SectionHeader id="blog-heading" title="Latest from the Blog" link={{ to: "/blog", label: "Read the blog" }} />
          {posts.length > 0 ? (
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {posts.map((post) => (
                <li key={post.slug}>
                  <CompactBlogCard post={post} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-8 rounded-xl bg-slate-100 p-8 text-center text-slate-600">Blog content will be available soon.</p>
          )}
        </div>
      </section>

      {tutorialVideos.length > 0 ? (
        <section aria-labelledby="videos-heading" className="bg-navy-900 py-16 text-white">
          <div className="mx-auto max-w-7xl px-4">
            <h2 id="videos-heading" className="text-center text-3xl font-bold">
              Educational Content &amp; Student Reviews
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-slate-200">
              Free lessons on Smart Money Concepts, ICT and risk management. Tap a video to watch it.
            </p>
          </div>
          <div className="mt-8" data-testid="video-gallery">
            <VideoMarquee
              videos={tutorialVideos}
              label="Tutorial videos"
              durationMs={60000}
              cardWidth={280}
              thumbWidth={640}
              thumbHeight={360}
            />
          </div>
        </section>
      ) : null}
    </>
  );
}

function Hero() {
  const institute = useInstitute();
  return (
    <section aria-labelledby="hero-heading" className="bg-navy-900 text-white">
      <div className="mx-auto max-w-7xl px-4 pb-12 pt-16 text-center sm:pt-24">
        <h1 id="hero-heading" className="mx-auto mt-4 max-w-4xl text-4xl font-extrabold leading-tight sm:text-5xl">
          Welcome to {institute.name}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-200">{institute.tagline}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/courses" className={buttonClass("primary", "px-7")}>
            Explore Courses
          </Link>
          {/* A full-page navigation: /api/login starts the sign-in flow. */}
          <a href="/api/login" className={buttonClass("onDark", "px-7")}>
            Login
          </a>
        </div>
      </div>
      <div className="border-t border-white/10 py-4" data-testid="perks">
        <h2 className="sr-only">What you get</h2>
        <Marquee
          durationMs={40000}
          renderCopy={(duplicate) => (
            <ul className="flex shrink-0 gap-8 pr-8" aria-label={duplicate ? undefined : "What you get"}>
              {PERKS.map((perk) => (
                <li key={perk} className="flex shrink-0 items-center gap-2 text-sm font-medium text-slate-100">
                  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" className="text-gold-400" fill="currentColor">
                    <path d="M9 16.2l-3.5-3.5L4 14.2l5 5 11-11-1.4-1.4z" />
                  </svg>
                  {perk}
                </li>
              ))}
            </ul>
          )}
        />
      </div>
    </section>
  );
}

function EventsTicker({ items }: { items: { id: number; text: string }[] }) {
  return (
    <section aria-labelledby="ticker-heading" className="bg-gold-400 py-2 text-navy-950" data-testid="events-ticker">
      <div className="flex items-center">
        <h2 id="ticker-heading" className="z-10 shrink-0 bg-navy-900 px-4 py-1 text-xs font-bold uppercase tracking-wide text-gold-400">
          Upcoming
        </h2>
        <Marquee
          durationMs={Math.max(20000, items.length * 8000)}
          className="flex-1"
          renderCopy={(duplicate) => (
            <ul className="flex shrink-0 gap-10 pl-10" aria-label={duplicate ? undefined : "Upcoming events"}>
              {items.map((item) => (
                <li key={item.id} className="shrink-0 text-sm font-semibold">
                  <Link to="/events" tabIndex={duplicate ? -1 : undefined} className="inline-flex min-h-11 items-center hover:underline">
                    {item.text}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        />
      </div>
    </section>
  );
}

/** What the site knows about the institute, and the figures an admin entered with their dates; never returns or success rates. */
function InstituteInNumbers({ figures }: { figures: ShownFigure[] }) {
  if (figures.length === 0) return null;
  return (
    <section id="figures" aria-labelledby="figures-heading" className="scroll-mt-20 bg-navy-950 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="figures-heading" className="text-center text-3xl font-bold">
          The institute in numbers
        </h2>
        <InstituteFigures figures={figures} className="mt-10" />
      </div>
    </section>
  );
}

function SectionHeader({ id, title, link }: { id: string; title: string; link: { to: string; label: string } }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <h2 id={id} className="text-3xl font-bold text-navy-900">
        {title}
      </h2>
      <Link to={link.to} className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-4">
        {link.label}
      </Link>
    </div>
  );
}
