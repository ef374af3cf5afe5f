import { useEffect, useRef } from 'react';
import type { ListedTransaction, Transaction } from '../../model';
import type { CashTransaction, ListedCash } from '../../model/cash';
import { TransactionForm } from './transaction-form';

/**
 * The transaction `editing` in the transaction form, in a modal dialog: Save changes sends one edit (a
 * versioned save), Cancel or Escape closes it with nothing changed and the browser gives the focus back to
 * the Edit button that opened it. The parent closes it (`editing` null) once the save has landed.
 */
export function EditTransactionDialog({
  editing,
  onSend,
  onCancel,
}: {
  editing: ListedTransaction | ListedCash | null;
  onSend: (row: Transaction | CashTransaction) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (editing && !dialog.open) dialog.showModal();
    if (!editing && dialog.open) dialog.close();
  }, [editing]);
  return (
    <dialog
      ref={ref}
      className="edit-dialog"
      aria-labelledby="edit-title"
      onCancel={(e) => (e.preventDefault(), onCancel())}
    >
      <h2 id="edit-title">Edit transaction</h2>
      {editing ? (
        <>
          {editing.importId !== undefined ? (
            <p className="field-hint">
              Imported from a statement: it keeps its import id, so importing that statement again does not add it
              twice.
            </p>
          ) : null}
          <TransactionForm
            key={editing.id}
            editing={editing}
            idPrefix="edit"
            focusOnMount
            onSend={onSend}
            onCancel={onCancel}
          />
        </>
      ) : null}
    </dialog>
  );
}
