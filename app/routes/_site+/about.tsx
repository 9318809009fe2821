import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { InstituteFigures } from "~/components/institute-figures";
import { CORE_VALUES, FOUNDED_YEAR, ourStory, WHY_CHOOSE_US } from "~/content/about";
import { instituteFigures } from "./__institute-figures.server";
import { listActiveMentors, mentorBioPoints } from "~/models/content/mentor.server";
import { instituteFrom, pageMeta } from "~/utils/seo";
import { mentorPhotos } from "./__mentor-photos.server";
import { ResponsiveImage } from "~/components/responsive-image";
import { useInstitute, useWhatsappLink } from "~/utils/use-institute";

// The same model function /api/mentors answers with.
export async function loader() {
  const mentors = mentorPhotos(listActiveMentors(), 88).map((mentor) => ({
    id: mentor.id,
    name: mentor.name,
    title: mentor.title,
    bioPoints: mentorBioPoints(mentor.bio),
    experience: mentor.experience,
    specialization: mentor.specialization,
    image: mentor.image,
    twitter: mentor.socialLinks.twitter ?? null,
  }));
  return { mentors, figures: instituteFigures() };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "About Us",
    description: `Founded in ${FOUNDED_YEAR}, ${instituteFrom(matches).name} teaches practical stock market and currency trading with live mentorship. Meet our mentors and learn what we stand for.`,
    path: "/about",
  });

export default function About() {
  const { mentors, figures } = useLoaderData<typeof loader>();
  const institute = useInstitute();
  const whatsapp = useWhatsappLink("general");
  return (
    <>
      <section aria-labelledby="about-heading" className="bg-navy-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">Since {FOUNDED_YEAR}</p>
          <h1 id="about-heading" className="mt-3 text-4xl font-extrabold sm:text-5xl">
            About {institute.name}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">
            We teach traders a process they can trust: structure, risk management and discipline, with mentors beside them.
          </p>
          <InstituteFigures figures={figures} className="mx-auto mt-10 max-w-4xl" />
        </div>
      </section>

      <section aria-labelledby="story-heading" className="bg-white">
        <div className="mx-auto max-w-3xl px-4 py-16">
          <h2 id="story-heading" className="text-3xl font-bold text-navy-900">
            Our Story
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700">
            {ourStory(institute.name).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-100">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="values-heading" className="text-center text-3xl font-bold text-navy-900">
            Our Core Values
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {CORE_VALUES.map((value) => (
              <li key={value.title} className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
                <h3 className="text-lg font-bold text-navy-900">{value.title}</h3>
                <p className="mt-2 text-slate-700">{value.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="bg-white">
        <div className="mx-auto max-w-4xl px-4 py-16">
          <h2 id="why-heading" className="text-center text-3xl font-bold text-navy-900">
            Why Choose Us
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {WHY_CHOOSE_US.map((reason) => (
              <li key={reason} className="flex gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
                <svg
                  width="22"
                  height="22"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="mt-0.5 shrink-0 text-teal-600"
                  fill="currentColor"
                >
                  <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1.5 14.5l-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4z" />
                </svg>
                <span className="text-slate-800">{reason}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="mentors-heading" className="bg-slate-100">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="mentors-heading" className="text-center text-3xl font-bold text-navy-900">
            Meet Our Mentors
          </h2>
          {mentors.length > 0 ? (
            <ul className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-3" data-testid="mentors">
              {mentors.map((mentor) => (
                <li key={mentor.id}>
                  <article className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
                    <div className="flex items-center gap-4">
                      <ResponsiveImage
                        image={mentor.image}
                        alt=""
                        sizes="88px"
                        className="h-22 w-22 shrink-0 rounded-full bg-slate-200 object-cover"
                      />
                      <div>
                        <h3 className="text-xl font-bold text-navy-900">{mentor.name}</h3>
                        <p className="text-sm font-medium text-teal-700">{mentor.title}</p>
                        {mentor.experience ? <p className="mt-1 text-sm text-slate-600">{mentor.experience}</p> : null}
                      </div>
                    </div>
                    {mentor.bioPoints.length > 0 ? (
                      <ul className="mt-5 list-disc space-y-1 pl-5 text-sm text-slate-700">
                        {mentor.bioPoints.map((point) => (
                          <li key={point}>{point}</li>
                        ))}
                      </ul>
                    ) : null}
                    {mentor.specialization.length > 0 ? (
                      <ul className="mt-5 flex flex-wrap gap-2" aria-label={`${mentor.name}'s specialisations`}>
                        {mentor.specialization.map((skill) => (
                          <li
                            key={skill}
                            className="rounded-full bg-navy-900/5 px-3 py-1 text-xs font-semibold text-navy-800 ring-1 ring-navy-900/10"
                          >
                            {skill}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {mentor.twitter ? (
                      <a
                        href={mentor.twitter}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mt-5 inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-navy-800 underline underline-offset-4"
                      >
                        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
                          <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L2 3h6.3l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
                        </svg>
                        {mentor.name} on Twitter
                      </a>
                    ) : null}
                  </article>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-8 text-center text-slate-600">Our mentor profiles are coming soon.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-navy-900 text-white">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-16 text-center">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Start your trading journey with us
          </h2>
          <p className="max-w-2xl text-slate-200">Pick a course that fits your level, or talk to us first.</p>
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <Link to="/courses" className={buttonClass("primary")}>
              Explore Courses
            </Link>
            <Link to="/contact" className={buttonClass("onDark")}>
              Contact Us
            </Link>
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("onDark")}>
              Chat on WhatsApp
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
