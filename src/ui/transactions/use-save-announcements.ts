import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { ListedTransaction } from '../../model';
import type { ListedCash } from '../../model/cash';
import { useAnnounce } from '../a11y/announcer';

/** What a change sent was, in words, announced when its save ends; an edit names the transaction edited. */
export interface SentChange {
  words: string;
  kind: 'add' | 'edit' | 'delete';
  edited?: ListedTransaction | ListedCash;
}

const SAVED_WORDS = { add: 'added', edit: 'changed', delete: 'deleted' } as const;

/**
 * Says through the live region what a save that ended saved (`savedCount` counts the saves that ended).
 * `sending` tells it the change being sent. When an edit's save ends, `onEditSaved` closes the edit dialog
 * and `editSaved` holds the edited transaction, whose row takes the focus once the new set is drawn.
 */
export function useSaveAnnouncements(
  savedCount: number,
  onEditSaved: () => void,
): { sending: (change: SentChange) => void; editSaved: RefObject<ListedTransaction | ListedCash | null> } {
  const announce = useAnnounce();
  const sent = useRef<SentChange | null>(null);
  const editSaved = useRef<ListedTransaction | ListedCash | null>(null);
  const announcedCount = useRef(savedCount);
  useEffect(() => {
    if (savedCount === announcedCount.current) return;
    announcedCount.current = savedCount;
    if (sent.current) announce(`Saved: ${SAVED_WORDS[sent.current.kind]} ${sent.current.words}.`);
    if (sent.current?.edited) {
      editSaved.current = sent.current.edited;
      onEditSaved();
    }
    sent.current = null;
  }, [savedCount, announce, onEditSaved]);
  const sending = useCallback((change: SentChange) => {
    sent.current = change;
  }, []);
  return { sending, editSaved };
}
