import type { MouseEvent } from "react";

function shareTargets(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`, tone: "bg-sky-700 hover:bg-sky-800" },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, tone: "bg-blue-700 hover:bg-blue-800" },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`, tone: "bg-cyan-800 hover:bg-cyan-900" },
  ];
}

// Without JavaScript these are ordinary links opening a new tab; with it the
// a 600x400 share window.
function openShareWindow(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  window.open(event.currentTarget.href, "share", "width=600,height=400,noopener,noreferrer");
}

/** Twitter, Facebook and LinkedIn share links for an absolute article URL. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Share this article">
      {shareTargets(url, title).map((target) => (
        <li key={target.name}>
          <a
            href={target.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={openShareWindow}
            className={`inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold text-white ${target.tone}`}
          >
            {target.name}
            <span className="sr-only"> (opens in a new window)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
