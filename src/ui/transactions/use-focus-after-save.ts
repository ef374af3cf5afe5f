import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { ListedSet, ListedTransaction } from '../../model';
import type { ListedCash } from '../../model/cash';
import type { TickerSection } from '../../machines/selectors';
import { focusIsLost } from '../a11y/focus';
import { CASH_HEADING, editButtonOf, headingOf, PAGE_HEADING } from './focus-targets';

/**
 * Where the focus goes once a saved change is drawn (`groups`, `shownSet` as drawn, `set` as held): after an
 * edit (`editSaved`, with the dialog closed) to the edited row; after a deletion to the heading that
 * `rescueFocusTo` named, when the deleted row had the focus. Returns `rescueFocusTo`.
 */
export function useFocusAfterSave({
  editSaved,
  editing,
  groups,
  shownSet,
  set,
}: {
  editSaved: RefObject<ListedTransaction | ListedCash | null>;
  editing: ListedTransaction | ListedCash | null;
  groups: TickerSection[];
  shownSet: ListedSet | null;
  set: ListedSet | null;
}): (target: string) => void {
  /** After a deletion: the heading to give the focus to if the deleted row had it (its Delete button is gone). */
  const rescueTo = useRef<string | null>(null);

  // After an edit the dialog has closed and the set with the edited row is drawn: the focus goes to that
  // row's Edit button (the row may have moved, to another date or table), or to its ticker's heading when
  // the row is outside the drawn window.
  useEffect(() => {
    const edited = editSaved.current;
    if (!edited || editing || shownSet !== set) return;
    editSaved.current = null;
    (
      document.getElementById(editButtonOf(edited.id)) ??
      document.getElementById(edited.type === 'cash' ? CASH_HEADING : headingOf(edited.ticker)) ??
      document.getElementById(PAGE_HEADING)
    )?.focus({ preventScroll: false });
  }, [editSaved, groups, editing, shownSet, set]);

  // The dialog gives the focus back to the Delete button; rows are keyed by position, so it stays on the row
  // that takes the deleted one's place. Only when the deleted row was its table's last is the button gone:
  // then the focus goes to the section's heading (or the page's), without scrolling away.
  useEffect(() => {
    const target = rescueTo.current;
    if (!target || !focusIsLost()) return;
    rescueTo.current = null;
    (document.getElementById(target) ?? document.getElementById(PAGE_HEADING))?.focus({ preventScroll: true });
  }, [groups]);

  return useCallback((target: string) => {
    rescueTo.current = target;
  }, []);
}
