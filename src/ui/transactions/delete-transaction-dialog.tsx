import type { ListedTransaction } from '../../model';
import type { ListedCash } from '../../model/cash';
import { CASH_KIND_NAMES } from '../../machines/cash-draft';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useFormats } from '../locale-context';

/** The deletion the page asks about: one transaction, or all `count` of them; null while none is asked. */
export type DeleteQuestion =
  | { kind: 'delete'; transaction: ListedTransaction }
  | { kind: 'deleteCash'; cash: ListedCash }
  | { kind: 'deleteAll' }
  | null;

/** Asks before a deletion, naming what goes: Delete confirms, Cancel or Escape keeps everything. */
export function DeleteTransactionDialog({
  question,
  count,
  onConfirm,
  onCancel,
}: {
  question: DeleteQuestion;
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const formats = useFormats();
  return (
    <ConfirmDialog
      open={question !== null}
      title={
        question?.kind === 'deleteAll'
          ? 'Delete all transactions?'
          : question?.kind === 'deleteCash'
            ? 'Delete this cash transaction?'
            : 'Delete this transaction?'
      }
      text={
        question?.kind === 'deleteAll'
          ? `All ${count} transactions of every account, cash included, will be deleted; the accounts stay. This cannot be undone.`
          : question?.kind === 'deleteCash'
            ? `${CASH_KIND_NAMES[question.cash.kind]} on ${formats.date(question.cash.date)} (${formats.money(question.cash.value, question.cash.currency)}) will be deleted.`
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
