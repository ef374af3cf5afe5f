import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a narrow screen: a named region in the Tab order, so a keyboard
 * user can scroll it with the arrow keys and a screen reader says what it holds (axe
 * `scrollable-region-focusable`).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
