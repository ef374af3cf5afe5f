import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { selectSaveError, selectSaving } from '../../machines/selectors';
import { localToday } from '../../machines/services/clock';
import { validateDraft, type DraftField, type TransactionDraft } from '../../machines/transaction-draft';
import { useTransactionsActor } from '../app-context';

const emptyDraft = (): TransactionDraft => ({ type: 'stock', ticker: '', date: localToday(), amount: '0', value: '0', currency: 'EUR' });

/** The add form; its parent remounts it (a new `key`) after each save, so a failed save keeps it filled. */
export function AddTransactionForm() {
  const transactions = useTransactionsActor();
  const saving = useSelector(transactions, selectSaving);
  const saveError = useSelector(transactions, selectSaveError);
  const [draft, setDraft] = useState<TransactionDraft>(emptyDraft);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});

  const set = <K extends DraftField>(field: K, value: TransactionDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    transactions.send({ type: 'transactions.add', transaction: result.transaction });
  };

  const field = (name: DraftField, label: string, input: React.ReactNode) => (
    <div className="field">
      <label htmlFor={`tx-${name}`}>{label}</label>
      {input}
      {errors[name] ? (
        <span id={`tx-${name}-error`} className="field-error" role="alert">
          {errors[name]}
        </span>
      ) : null}
    </div>
  );
  const described = (name: DraftField) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `tx-${name}-error` } : {});

  return (
    <form className="add-form" onSubmit={submit} noValidate aria-label="Add a transaction">
      {field(
        'type',
        'Type',
        <select id="tx-type" value={draft.type} onChange={(e) => set('type', e.target.value as TransactionDraft['type'])}>
          <option value="stock">Stock</option>
          <option value="dividend">Dividend</option>
          <option value="commission">Commission</option>
        </select>,
      )}
      {field('ticker', 'Ticker', <input id="tx-ticker" placeholder="ticker" value={draft.ticker} onChange={(e) => set('ticker', e.target.value)} {...described('ticker')} />)}
      {field('date', 'Date', <input id="tx-date" type="date" value={draft.date} onChange={(e) => set('date', e.target.value)} {...described('date')} />)}
      {field('amount', 'Amount', <input id="tx-amount" inputMode="decimal" value={draft.amount} onChange={(e) => set('amount', e.target.value)} {...described('amount')} />)}
      {field('value', 'Value', <input id="tx-value" inputMode="decimal" value={draft.value} onChange={(e) => set('value', e.target.value)} {...described('value')} />)}
      {field(
        'currency',
        'Currency',
        <select id="tx-currency" value={draft.currency} onChange={(e) => set('currency', e.target.value as TransactionDraft['currency'])}>
          <option value="EUR">Euro</option>
          <option value="USD">US Dollar</option>
        </select>,
      )}
      <button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      {saveError ? (
        <p role="alert" className="error">
          {saveError}
        </p>
      ) : null}
    </form>
  );
}
