import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { datePattern } from '../../model/locale-date';
import type { ListedTransaction, Transaction } from '../../model';
import { CASH_KINDS, type CashKind, type CashTransaction, type ListedCash } from '../../model/cash';
import { selectAccounts, selectView } from '../../machines/view-selectors';
import { CASH_KIND_NAMES, CASH_VALUE_HINTS, validateCashDraft } from '../../machines/cash-draft';
import { selectSaveError, selectSaving } from '../../machines/selectors';
import { localToday } from '../../machines/services/clock';
import { validateDraft } from '../../machines/transaction-draft';
import { usePortfolioActor, useTransactionsActor } from '../app-context';
import { useLocale } from '../locale-context';

import { CurrencySelect } from './currency-select';
import { draftOf, isCash, readingOf, type Field, type FormDraft } from './transaction-form-draft';

/**
 * The form to add a transaction or a cash row (type "Cash": a deposit, withdrawal, interest, account fee or
 * conversion leg), or to edit `editing` (one versioned save replaces it; an imported one keeps its import
 * id); its parent remounts it (a new `key`) after each save, so a failed save keeps it filled. Numbers and
 * the date are typed in the user's locale and read by the one locale parser; what it read is said under
 * each field. The account is the view's, or the first, unless chosen. `idPrefix` keeps two forms apart.
 */
export function TransactionForm({
  editing,
  idPrefix = 'tx',
  focusOnMount = false,
  onSend,
  onCancel,
}: {
  editing?: ListedTransaction | ListedCash;
  idPrefix?: string;
  focusOnMount?: boolean;
  onSend?: (row: Transaction | CashTransaction) => void;
  /** Shown as a Cancel button when given. */
  onCancel?: () => void;
}) {
  const transactions = useTransactionsActor();
  const portfolio = usePortfolioActor();
  const accounts = useSelector(portfolio, selectAccounts);
  const view = useSelector(portfolio, selectView);
  const saving = useSelector(transactions, selectSaving);
  const saveError = useSelector(transactions, selectSaveError);
  const { locale, formats } = useLocale();
  const account = view ?? accounts[0]?.id ?? '';
  const [draft, setDraft] = useState<FormDraft>(() =>
    editing
      ? draftOf(editing, locale, formats.date, account)
      : {
          type: 'stock',
          kind: 'deposit',
          ticker: '',
          date: formats.date(localToday()),
          amount: '0',
          value: '0',
          currency: formats.currency,
          tax: '',
          account,
        },
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const firstField = useRef<HTMLSelectElement>(null);
  const cash = draft.type === 'cash';

  // After a save the form is new: the focus goes to its first field, not to the page's <body>. Only when it
  // mounts: a later change of the prop (the next Save) must not move the focus.
  const focusAtMount = useRef(focusOnMount);
  useEffect(() => {
    if (focusAtMount.current) firstField.current?.focus();
  }, []);

  const set = <K extends Field>(field: K, value: FormDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.type === 'cash') {
      const result = validateCashDraft(draft, locale);
      if (!result.ok) return setErrors(result.errors);
      setErrors({});
      onSend?.(result.cash);
      transactions.send(
        editing && isCash(editing)
          ? { type: 'transactions.editCash', listed: editing, cash: result.cash }
          : { type: 'transactions.addCash', cash: result.cash },
      );
      return;
    }
    const result = validateDraft({ ...draft, type: draft.type }, locale);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onSend?.(result.transaction);
    transactions.send(
      editing && !isCash(editing)
        ? { type: 'transactions.edit', listed: editing, transaction: result.transaction }
        : { type: 'transactions.add', transaction: result.transaction },
    );
  };

  const id = (name: Field, part = '') => `${idPrefix}-${name}${part}`;
  const field = (name: Field, label: string, input: React.ReactNode, hint?: string) => {
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
  const described = (name: Field, hinted = false) => {
    const reading = readingOf(name, String(draft[name]), locale);
    const ids = [
      hinted ? id(name, '-hint') : null,
      errors[name] ? id(name, '-error') : reading ? id(name, '-reading') : null,
    ].filter(Boolean);
    return {
      ...(errors[name] ? { 'aria-invalid': true } : {}),
      ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
    };
  };
  const numberInput = (name: 'amount' | 'value' | 'tax', hinted = false, placeholder?: string) => (
    <input
      id={id(name)}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      value={draft[name]}
      onChange={(e) => set(name, e.target.value)}
      {...described(name, hinted)}
    />
  );

  return (
    <form
      className="add-form"
      onSubmit={submit}
      noValidate
      aria-label={editing ? 'Edit the transaction' : 'Add a transaction'}
    >
      {field(
        'type',
        'Type',
        <select
          ref={firstField}
          id={id('type')}
          value={draft.type}
          onChange={(e) => set('type', e.target.value as FormDraft['type'])}
        >
          {/* An edit keeps a row in its list: a trade stays a transaction, a cash row stays cash. */}
          {!editing || !isCash(editing) ? (
            <>
              <option value="stock">Stock</option>
              <option value="dividend">Dividend</option>
              <option value="commission">Commission</option>
            </>
          ) : null}
          {!editing || isCash(editing) ? <option value="cash">Cash</option> : null}
        </select>,
      )}
      {cash
        ? field(
            'kind',
            'Kind',
            <select id={id('kind')} value={draft.kind} onChange={(e) => set('kind', e.target.value as CashKind)}>
              {CASH_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {CASH_KIND_NAMES[kind]}
                </option>
              ))}
            </select>,
          )
        : field(
            'ticker',
            'Ticker',
            <input
              id={id('ticker')}
              placeholder="ticker"
              value={draft.ticker}
              onChange={(e) => set('ticker', e.target.value)}
              {...described('ticker')}
            />,
          )}
      {field(
        'date',
        'Date',
        <input
          id={id('date')}
          inputMode="numeric"
          autoComplete="off"
          value={draft.date}
          onChange={(e) => set('date', e.target.value)}
          {...described('date', true)}
        />,
        datePattern(locale).hint,
      )}
      {cash ? null : field('amount', 'Amount', numberInput('amount'))}
      {field(
        'value',
        cash ? 'Amount' : 'Value',
        numberInput('value', cash),
        cash ? CASH_VALUE_HINTS[draft.kind] : undefined,
      )}
      {field(
        'currency',
        'Currency',
        <CurrencySelect
          id={id('currency')}
          value={draft.currency}
          locale={locale}
          onChange={(code) => set('currency', code)}
        />,
      )}
      {/* Only a dividend has tax withheld at source; the value stays what was received. */}
      {draft.type === 'dividend' ? field('tax', 'Tax withheld', numberInput('tax', false, 'optional')) : null}
      {accounts.length > 1
        ? field(
            'account',
            'Account',
            <select id={id('account')} value={draft.account} onChange={(e) => set('account', e.target.value)}>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>,
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
