import { createContext, useContext, useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { focusIsLost } from './focus';

const APP_NAME = 'Investments Tracker';

/** Where the focus was when the route last changed (the frame around the pages records it). */
const FocusAtNavigation = createContext<RefObject<Element | null> | null>(null);

/**
 * Around the pages of one frame: notes where the focus is each time the route changes, so that a page
 * arriving later (its code still loading) knows whether the user has moved the focus in the meantime.
 */
export function RouteFocus({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  const atNavigation = useRef<Element | null>(null);
  useLayoutEffect(() => {
    atNavigation.current = document.activeElement;
  }, [key]);
  return <FocusAtNavigation.Provider value={atNavigation}>{children}</FocusAtNavigation.Provider>;
}

/**
 * A page's `<h1>`: it names the page in the document title and takes the focus when the page mounts (a
 * route change), so the focus is never left on `<body>` and a screen reader starts at the new page —
 * unless, while the page was loading, the user put the focus somewhere else (the menu button, say): a
 * page that arrives late does not pull it away. `tabIndex={-1}`: focusable by script, not a Tab stop.
 */
export function PageHeading({ children, title, id }: { children: ReactNode; title: string; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const atNavigation = useContext(FocusAtNavigation);
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
  useEffect(() => {
    const movedSince = atNavigation !== null && !focusIsLost() && document.activeElement !== atNavigation.current;
    if (!movedSince) ref.current?.focus({ preventScroll: false });
  }, [atNavigation]);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
