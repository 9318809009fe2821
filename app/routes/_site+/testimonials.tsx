import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { VideoMarquee, type FacadeVideo } from "~/components/video-gallery";
import { TESTIMONIAL_FEATURES } from "~/content/about";
import { InstituteFigures } from "~/components/institute-figures";
import { driveEmbedUrl, driveViewUrl, storyStill, SUCCESS_CAROUSEL, SUCCESS_VIDEO_LOCATIONS } from "~/content/videos";
import { readVideoLists } from "./__videos.server";
import { listApprovedTestimonialsWithEnrollment } from "~/models/content/testimonial.server";
import { instituteFrom, pageMeta } from "~/utils/seo";
import { oneOf } from "~/utils/validation";
import { instituteFigures } from "./__institute-figures.server";
import { TestimonialCard, toPublicTestimonial } from "./__testimonial-card";
import { countOf } from "~/utils/plural";

export async function loader({ request }: LoaderFunctionArgs) {
  const location = oneOf(new URL(request.url).searchParams.get("location"), SUCCESS_VIDEO_LOCATIONS, "All");
  const testimonials = listApprovedTestimonialsWithEnrollment().map(toPublicTestimonial);
  // Built here and sent as loader data, so the video list stays out of the page's JavaScript.
  const stories = readVideoLists().successStories;
  const videos: (FacadeVideo & { city: string })[] = stories
    .filter((video) => location === "All" || video.city === location)
    .map((video) => ({
      key: video.id,
      title: `${video.studentName}, ${video.profession}`,
      thumbnail: storyStill(stories.indexOf(video)),
      href: driveViewUrl(video.id),
      embedSrc: driveEmbedUrl(video.id),
      city: video.city,
    }));
  return { location, testimonials, videos, hasStories: stories.length > 0, figures: instituteFigures() };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "Student Testimonials & Stories",
    description: `Students who learned to trade with ${instituteFrom(matches).name} tell their stories: videos from Mumbai, Delhi, Pune and Bangalore, and student reviews.`,
    path: "/testimonials",
  });

export default function Testimonials() {
  const { location, testimonials, videos, hasStories, figures } = useLoaderData<typeof loader>();
  const cityOf = new Map(videos.map((video) => [video.key, video.city]));

  return (
    <>
      <section aria-labelledby="testimonials-heading" className="bg-navy-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">Student stories</p>
          <h1 id="testimonials-heading" className="mt-3 text-4xl font-extrabold sm:text-5xl">
            What Our Students Say
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">
            Working professionals, students and business owners across India share how they learned to trade with a plan.
          </p>
          <div data-testid="testimonial-stats">
            <InstituteFigures figures={figures} className="mx-auto mt-10 max-w-4xl" />
          </div>
        </div>
      </section>

      {hasStories ? (
        <section id="success-stories" aria-labelledby="stories-heading" className="scroll-mt-20 bg-white py-16">
          <div className="mx-auto max-w-7xl px-4">
            <h2 id="stories-heading" className="text-center text-3xl font-bold text-navy-900">
              Video Success Stories
            </h2>
            <nav aria-label="Filter stories by city" className="mt-6">
              <ul className="flex flex-wrap justify-center gap-2">
                {SUCCESS_VIDEO_LOCATIONS.map((city) => {
                  const current = city === location;
                  return (
                    <li key={city}>
                      <Link
                        to={city === "All" ? "/testimonials#success-stories" : `/testimonials?location=${city}#success-stories`}
                        preventScrollReset
                        aria-current={current ? "true" : undefined}
                        className={`inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold ring-1 ${
                          current ? "bg-navy-900 text-white ring-navy-900" : "bg-white text-navy-900 ring-slate-300 hover:bg-slate-100"
                        }`}
                      >
                        {city}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <p className="mt-4 text-center text-sm text-slate-600" aria-live="polite">
              {countOf(videos.length, "story", "stories")}
              {location === "All" ? "" : ` from ${location}`}
            </p>
          </div>
          <div className="mt-6" data-testid="success-videos">
            <VideoMarquee
              key={location}
              videos={videos}
              label="Student success stories"
              durationMs={SUCCESS_CAROUSEL.scrollDurationMs}
              cardWidth={SUCCESS_CAROUSEL.cardWidthPx}
              thumbWidth={360}
              thumbHeight={640}
              renderCaption={(video) => <span className="mt-1 block text-xs text-slate-600">{cityOf.get(video.key)}</span>}
            />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="reviews-heading" className="bg-slate-100">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="reviews-heading" className="text-center text-3xl font-bold text-navy-900">
            Student Reviews
          </h2>
          {testimonials.length > 0 ? (
            <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="testimonial-cards">
              {testimonials.map((testimonial) => (
                <li key={testimonial.id}>
                  <TestimonialCard testimonial={testimonial} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-8 rounded-xl bg-white p-8 text-center text-slate-600">No testimonials available at the moment.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="features-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="features-heading" className="text-center text-3xl font-bold text-navy-900">
            Why students stay with us
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {TESTIMONIAL_FEATURES.map((feature) => (
              <li key={feature.title} className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
                <h3 className="text-lg font-bold text-navy-900">{feature.title}</h3>
                <p className="mt-2 text-slate-700">{feature.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-navy-900 text-white">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-16 text-center">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Write your own success story
          </h2>
          <p className="max-w-2xl text-slate-200">Join students who learn to trade with a plan.</p>
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <Link to="/courses" className={buttonClass("primary")}>
              Explore Courses
            </Link>
            <Link to="/contact" className={buttonClass("onDark")}>
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
