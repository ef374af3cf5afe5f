import { useEffect, useRef, type RefObject } from 'react';

/** Whether the focus is nowhere in particular: on `<body>` (or nothing), where a keyboard user is lost. */
export const focusIsLost = (): boolean => document.activeElement === null || document.activeElement === document.body;

/**
 * Moves the focus to `target` each time `when` becomes true (a preview appears, a result is shown), so
 * the keyboard user is where the new content is. With `onlyIfLost`, only when the focus was on `<body>`.
 * With `notAtMount`, not when it is already true as the component mounts: content that was there before
 * (an import's result, seen again on coming back to the page) is not news, and the page's heading keeps
 * the focus.
 */
export function useFocusWhen(
  target: RefObject<HTMLElement | null>,
  when: boolean,
  { onlyIfLost = false, notAtMount = false } = {},
): void {
  const was = useRef(notAtMount && when);
  useEffect(() => {
    if (when && !was.current && (!onlyIfLost || focusIsLost())) target.current?.focus();
    was.current = when;
  }, [when, target, onlyIfLost]);
}
