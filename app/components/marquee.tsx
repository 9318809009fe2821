import type { ReactNode } from "react";

declare module "react" {
  interface CSSProperties {
    "--marquee-duration"?: string;
  }
}

/**
 * A pure-CSS looping strip (`.marquee-track` in tailwind.css). The content is
 * rendered twice and slid by half; the second copy is hidden from assistive
 * technology, and `renderCopy(true)` must keep it out of the tab order.
 */
export function Marquee({
  durationMs,
  pauseOnHover = true,
  className = "",
  renderCopy,
}: {
  durationMs: number;
  pauseOnHover?: boolean;
  className?: string;
  renderCopy: (duplicate: boolean) => ReactNode;
}) {
  return (
    <div className={`overflow-hidden ${pauseOnHover ? "marquee-pause-on-hover" : ""} ${className}`}>
      <div className="marquee-track" style={{ "--marquee-duration": `${durationMs}ms` }}>
        {renderCopy(false)}
        <div aria-hidden="true" className="flex shrink-0" data-marquee-duplicate="">
          {renderCopy(true)}
        </div>
      </div>
    </div>
  );
}
