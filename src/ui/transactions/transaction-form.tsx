import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { datePattern, parseLocaleDate } from '../../model/locale-date';
import { formatNumberForInput, parseLocaleNumber } from '../../model/locale-number';
import type { ListedTransaction, Transaction } from '../../model';
import { selectSaveError, selectSaving } from '../../machines/selectors';
import { localToday } from '../../machines/services/clock';
import { validateDraft, type DraftField, type TransactionDraft } from '../../machines/transaction-draft';
import { useTransactionsActor } from '../app-context';
import { useLocale } from '../locale-context';

/** What the parser read from a field, said back under it while the user types ('Read as 1000 …'). */
function readingOf(field: DraftField, text: string, locale: string): string | null {
  if (field === 'date') {
    const reading = parseLocaleDate(text, locale);
    return reading.ok ? reading.note : null;
  }
  if (field === 'amount' || field === 'value' || field === 'tax') {
    const reading = parseLocaleNumber(text, locale);
    return reading.ok ? (reading.note ?? null) : null;
  }
  return null;
}

/** A listed transaction's fields as the form shows them for editing, in the user's locale. */
function draftOf(t: ListedTransaction, locale: string, date: (iso: string) => string): TransactionDraft {
  const number = (value: number) => formatNumberForInput(value, locale);
  return { type: t.type, ticker: t.ticker, date: date(t.date), amount: number(t.amount), value: number(t.value), currency: t.currency, tax: t.tax === undefined ? '' : number(t.tax) };
}

/**
 * The form to add a transaction, or to edit `editing` (one versioned save replaces it; an imported one keeps
 * its import id); its parent remounts it (a new `key`) after each save, so a failed save keeps it filled.
 * Numbers and the date are typed in the user's locale and read by the one locale parser; what it read is
 * said under each field, and ambiguous input is refused with both readings named. `idPrefix` keeps the
 * field ids of two forms on one page apart.
 */
export function TransactionForm({
  editing,
  idPrefix = 'tx',
  focusOnMount = false,
  onSend,
  onCancel,
}: {
  editing?: ListedTransaction;
  idPrefix?: string;
  focusOnMount?: boolean;
  onSend?: (transaction: Transaction) => void;
  /** Shown as a Cancel button when given. */
  onCancel?: () => void;
}) {
  const transactions = useTransactionsActor();
  const saving = useSelector(transactions, selectSaving);
  const saveError = useSelector(transactions, selectSaveError);
  const { locale, formats } = useLocale();
  const [draft, setDraft] = useState<TransactionDraft>(() =>
    editing ? draftOf(editing, locale, formats.date) : { type: 'stock', ticker: '', date: formats.date(localToday()), amount: '0', value: '0', currency: 'EUR', tax: '' },
  );
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const firstField = useRef<HTMLSelectElement>(null);

  // After a save the form is new: the focus goes to its first field, not to the page's <body>. Only when it
  // mounts: a later change of the prop (the next Save) must not move the focus.
  const focusAtMount = useRef(focusOnMount);
  useEffect(() => {
    if (focusAtMount.current) firstField.current?.focus();
  }, []);

  const set = <K extends DraftField>(field: K, value: TransactionDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateDraft(draft, locale);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSend?.(result.transaction);
    transactions.send(editing ? { type: 'transactions.edit', listed: editing, transaction: result.transaction } : { type: 'transactions.add', transaction: result.transaction });
  };

  const id = (name: DraftField, part = '') => `${idPrefix}-${name}${part}`;
  const field = (name: DraftField, label: string, input: React.ReactNode, hint?: string) => {
    const reading = readingOf(name, String(draft[name]), locale);
    return (
      <div className="field">
        <label htmlFor={id(name)}>{label}</label>
        {input}
        {hint ? (
          <span id={id(name, '-hint')} className="field-hint">
            {hint}
          </span>
        ) : null}
        {errors[name] ? (
          <span id={id(name, '-error')} className="field-error" role="alert">
            {errors[name]}
          </span>
        ) : reading ? (
          <span id={id(name, '-reading')} className="field-hint">
            {reading}
          </span>
        ) : null}
      </div>
    );
  };
  const described = (name: DraftField, hinted = false) => {
    const reading = readingOf(name, String(draft[name]), locale);
    const ids = [hinted ? id(name, '-hint') : null, errors[name] ? id(name, '-error') : reading ? id(name, '-reading') : null].filter(Boolean);
    return { ...(errors[name] ? { 'aria-invalid': true } : {}), ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}) };
  };

  return (
    <form className="add-form" onSubmit={submit} noValidate aria-label={editing ? 'Edit the transaction' : 'Add a transaction'}>
      {field(
        'type',
        'Type',
        <select ref={firstField} id={id('type')} value={draft.type} onChange={(e) => set('type', e.target.value as TransactionDraft['type'])}>
          <option value="stock">Stock</option>
          <option value="dividend">Dividend</option>
          <option value="commission">Commission</option>
        </select>,
      )}
      {field('ticker', 'Ticker', <input id={id('ticker')} placeholder="ticker" value={draft.ticker} onChange={(e) => set('ticker', e.target.value)} {...described('ticker')} />)}
      {field(
        'date',
        'Date',
        <input id={id('date')} inputMode="numeric" autoComplete="off" value={draft.date} onChange={(e) => set('date', e.target.value)} {...described('date', true)} />,
        datePattern(locale).hint,
      )}
      {field('amount', 'Amount', <input id={id('amount')} inputMode="decimal" autoComplete="off" value={draft.amount} onChange={(e) => set('amount', e.target.value)} {...described('amount')} />)}
      {field('value', 'Value', <input id={id('value')} inputMode="decimal" autoComplete="off" value={draft.value} onChange={(e) => set('value', e.target.value)} {...described('value')} />)}
      {field(
        'currency',
        'Currency',
        <select id={id('currency')} value={draft.currency} onChange={(e) => set('currency', e.target.value as TransactionDraft['currency'])}>
          <option value="EUR">Euro (€)</option>
          <option value="USD">US Dollar ($)</option>
        </select>,
      )}
      {/* Only a dividend has tax withheld at source; the value stays what was received. */}
      {draft.type === 'dividend'
        ? field(
            'tax',
            'Tax withheld',
            <input id={id('tax')} inputMode="decimal" autoComplete="off" placeholder="optional" value={draft.tax} onChange={(e) => set('tax', e.target.value)} {...described('tax')} />,
          )
        : null}
      <div className="actions">
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : editing ? 'Save changes' : 'Save'}
        </button>
        {onCancel ? (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {saveError ? (
        <p role="alert" className="error">
          {saveError}
        </p>
      ) : null}
    </form>
  );
}
