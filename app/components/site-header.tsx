import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { MORE_LINKS, NAV_LINKS } from "~/content/site";
import { buttonClass } from "~/components/ui/button";
import { isNavLinkCurrent } from "~/utils/nav";
import { useInstitute } from "~/utils/use-institute";

export type HeaderUser = { firstName: string | null; isAdmin: boolean; hasCourses: boolean };

function navLinkClass(current: boolean) {
  return `rounded-md px-3 py-2 text-sm font-medium ${
    current ? "bg-white/10 text-gold-400" : "text-slate-100 hover:bg-white/10 hover:text-white"
  }`;
}

/** Closes a <details> menu after a client-side navigation (a full page load closes it anyway). */
function useCloseOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return ref;
}

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const { pathname } = useLocation();
  const { name } = useInstitute();
  const moreRef = useCloseOnNavigation();
  const mobileRef = useCloseOnNavigation();
  // A student with a course gets "My Courses" (the classroom's home) at the end of both menus.
  const mine = user?.hasCourses ? [{ to: "/learn", label: "My Courses" }] : [];
  const links = [...NAV_LINKS, ...MORE_LINKS, ...mine];
  const moreCurrent = MORE_LINKS.some((link) => isNavLinkCurrent(pathname, link.to));

  return (
    <header className="sticky top-0 z-40 bg-navy-900 text-white shadow">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex min-h-11 min-w-11 items-center gap-2 font-bold" aria-label={`${name} home`}>
          <img src="/images/brand/logo.svg" alt="" width={36} height={36} />
          <span className="hidden text-lg sm:inline">{name}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.slice(0, 3).map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={navLinkClass(isNavLinkCurrent(pathname, link.to))}
              aria-current={isNavLinkCurrent(pathname, link.to) ? "page" : undefined}
            >
              {link.label}
            </Link>
          ))}
          <details ref={moreRef} className="relative">
            <summary className={navLinkClass(moreCurrent)}>More ▾</summary>
            <ul className="absolute right-0 mt-2 w-52 rounded-lg bg-white py-2 text-navy-900 shadow-lg">
              {MORE_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={isNavLinkCurrent(pathname, link.to) ? "page" : undefined}
                    className={`block px-4 py-2 text-sm hover:bg-slate-100 ${isNavLinkCurrent(pathname, link.to) ? "font-semibold text-teal-600" : ""}`}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
          {[...NAV_LINKS.slice(3), ...mine].map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={navLinkClass(isNavLinkCurrent(pathname, link.to))}
              aria-current={isNavLinkCurrent(pathname, link.to) ? "page" : undefined}
            >
              {link.label}
            </Link>
          ))}
          {user?.isAdmin ? (
            <Link to="/admin" className={navLinkClass(isNavLinkCurrent(pathname, "/admin"))}>
              Admin
            </Link>
          ) : null}
        </nav>

        <div className="flex items-center gap-2">
          <AccountControls user={user} />
          <details ref={mobileRef} className="md:hidden">
            {/* 44 × 44 px: a thumb-sized target on a phone. */}
            <summary className="flex size-11 cursor-pointer items-center justify-center rounded-md hover:bg-white/10" aria-label="Menu">
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <nav aria-label="Mobile" className="absolute inset-x-0 top-16 border-t border-white/10 bg-navy-900 px-4 pb-4 shadow-lg">
              <ul>
                {links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className={`flex min-h-11 items-center ${navLinkClass(isNavLinkCurrent(pathname, link.to))}`}
                      aria-current={isNavLinkCurrent(pathname, link.to) ? "page" : undefined}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
                {user ? (
                  <li>
                    <Link to="/account" className={`flex min-h-11 items-center ${navLinkClass(isNavLinkCurrent(pathname, "/account"))}`}>
                      Your Account
                    </Link>
                  </li>
                ) : null}
                {user?.isAdmin ? (
                  <li>
                    <Link to="/admin" className={`flex min-h-11 items-center ${navLinkClass(false)}`}>
                      Admin
                    </Link>
                  </li>
                ) : null}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

function AccountControls({ user }: { user: HeaderUser | null }) {
  const { pathname, search } = useLocation();
  if (!user) {
    // Login is a full-page navigation to /api/login, which brings the visitor back here.
    const redirectTo = encodeURIComponent(pathname + search);
    return (
      <a href={`/api/login?redirectTo=${redirectTo}`} className={buttonClass("primary", "py-2")}>
        Login
      </a>
    );
  }
  return (
    <div className="flex items-center gap-3">
      <Link to="/account" className="hidden rounded text-sm underline-offset-4 hover:underline sm:inline">
        Welcome {user.firstName || "User"}
      </Link>
      <form method="post" action="/api/logout">
        <button type="submit" className={buttonClass("onDark", "py-2")}>
          Logout
        </button>
      </form>
    </div>
  );
}
