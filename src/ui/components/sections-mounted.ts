import { useEffect, useState } from 'react';

/**
 * How many of `total` sections of a page to mount: `first` in the page's first commit (`perTask` unless
 * said), then `perTask` more in a task of their own each, so a long page is laid out in short tasks
 * instead of one long one (the transactions page's ticker sections, the income page's per-holding tables).
 */
export function useSectionsMounted(total: number, perTask: number, first: number = perTask): number {
  const [mounted, setMounted] = useState(first);
  useEffect(() => {
    if (mounted >= total) return;
    const timer = setTimeout(() => setMounted((count) => count + perTask), 0);
    return () => clearTimeout(timer);
  }, [mounted, total, perTask]);
  return Math.min(mounted, total);
}
