import type { ListedTransaction } from '../../model';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useFormats } from '../locale-context';

/** The deletion the page asks about: one transaction, or all `count` of them; null while none is asked. */
export type DeleteQuestion = { kind: 'delete'; transaction: ListedTransaction } | { kind: 'deleteAll' } | null;

/** Asks before a deletion, naming what goes: Delete confirms, Cancel or Escape keeps everything. */
export function DeleteTransactionDialog({ question, count, onConfirm, onCancel }: { question: DeleteQuestion; count: number; onConfirm: () => void; onCancel: () => void }) {
  const formats = useFormats();
  return (
    <ConfirmDialog
      open={question !== null}
      title={question?.kind === 'deleteAll' ? 'Delete all transactions?' : 'Delete this transaction?'}
      text={
        question?.kind === 'deleteAll'
          ? `All ${count} transactions will be deleted. This cannot be undone.`
          : question?.kind === 'delete'
            ? `${question.transaction.type} ${question.transaction.ticker} on ${formats.date(question.transaction.date)} (${formats.money(question.transaction.value, question.transaction.currency)}) will be deleted.`
            : ''
      }
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
