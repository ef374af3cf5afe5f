import { useEffect, useRef, type ReactNode } from 'react';

const APP_NAME = 'Investments Tracker';

/**
 * A page's `<h1>`: it names the page in the document title and takes the focus when the page mounts (a
 * route change), so the focus is never left on `<body>` and a screen reader starts at the new page.
 * `tabIndex={-1}`: focusable by script, not a Tab stop.
 */
export function PageHeading({ children, title, id }: { children: ReactNode; title: string; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
