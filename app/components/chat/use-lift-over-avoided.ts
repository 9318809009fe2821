import { useEffect, useState } from "react";

/** Elements the chat button must never cover (a consent banner, a bottom bar) carry this attribute. */
const AVOID_CHAT_SELECTOR = "[data-avoid-chat]";

/**
 * How far (px) the chat button must rise to clear every visible `[data-avoid-chat]` element that
 * reaches the bottom edge of the screen. Measured again when the page scrolls, resizes or changes,
 * batched to one measurement per frame.
 */
export function useLiftOverAvoided(): number {
  const [lift, setLift] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const viewportHeight = window.innerHeight;
      let needed = 0;
      for (const element of document.querySelectorAll<HTMLElement>(AVOID_CHAT_SELECTOR)) {
        const rect = element.getBoundingClientRect();
        const reachesBottom = rect.height > 0 && rect.top < viewportHeight && rect.bottom >= viewportHeight - 1;
        if (reachesBottom) needed = Math.max(needed, viewportHeight - rect.top);
      }
      setLift(Math.round(needed));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["hidden", "class", "style"] });
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, []);
  return lift;
}
