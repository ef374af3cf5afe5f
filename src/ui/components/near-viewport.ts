/**
 * Which elements are on screen or about to be: one IntersectionObserver per margin for the whole page.
 * Charts are drawn only near the viewport (charts/chart.tsx), and long tables measure their rows only
 * near it (windowed-rows.ts): on a dashboard of 200 tickers, or a list of 200 tickers' transactions, a
 * change costs what the few near the screen cost, not what all of them would.
 */

/** Beyond the viewport, above and below, in which a chart counts as near: half the viewport's height. */
export const CHART_MARGIN = '50% 0px';

interface Watcher {
  observer: IntersectionObserver;
  listeners: Map<Element, (near: boolean) => void>;
}

const watchers = new Map<string, Watcher>();

function watcherFor(margin: string): Watcher {
  let watcher = watchers.get(margin);
  if (!watcher) {
    const listeners = new Map<Element, (near: boolean) => void>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
      },
      { rootMargin: margin },
    );
    watcher = { observer, listeners };
    watchers.set(margin, watcher);
  }
  return watcher;
}

/**
 * Calls `onChange` with whether `element` is within `margin` of the viewport (a CSS margin: '50% 0px' is
 * half the viewport's height above and below): once soon after (in a coming frame), then on every change.
 * Returns a function that stops watching.
 */
export function watchNearViewport(
  element: Element,
  onChange: (near: boolean) => void,
  margin: string = CHART_MARGIN,
): () => void {
  const { observer, listeners } = watcherFor(margin);
  listeners.set(element, onChange);
  observer.observe(element);
  return () => {
    observer.unobserve(element);
    listeners.delete(element);
  };
}
