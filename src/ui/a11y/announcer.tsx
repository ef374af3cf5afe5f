import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * One polite live region for the whole app: what was saved, imported, toggled. Any component says a
 * sentence with `useAnnounce()(text)`; the same sentence twice in a row is read twice (the region is
 * emptied first, then filled in the next frame).
 */
const AnnounceContext = createContext<((message: string) => void) | null>(null);

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const frame = useRef(0);
  const announce = useCallback((text: string) => {
    cancelAnimationFrame(frame.current);
    setMessage('');
    frame.current = requestAnimationFrame(() => setMessage(text));
  }, []);
  const value = useMemo(() => announce, [announce]);
  return (
    <AnnounceContext.Provider value={value}>
      {children}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
        {message}
      </div>
    </AnnounceContext.Provider>
  );
}

/** Says `message` to screen readers through the app's live region. */
export function useAnnounce(): (message: string) => void {
  const announce = useContext(AnnounceContext);
  if (!announce) throw new Error('AnnounceContext is missing: render inside <AnnouncerProvider>.');
  return announce;
}
