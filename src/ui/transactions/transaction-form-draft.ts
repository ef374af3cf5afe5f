/**
 * The transaction form's draft (transaction-form.tsx): what it holds as typed, a listed row's fields as it
 * shows them for editing, and what the parser read from a field.
 */
import { parseLocaleDate } from '../../model/locale-date';
import { formatNumberForInput, parseLocaleNumber } from '../../model/locale-number';
import type { ListedTransaction, TransactionType } from '../../model';
import type { CashKind, ListedCash } from '../../model/cash';
import { typedCashValue } from '../../machines/cash-draft';
import type { TransactionDraft } from '../../machines/transaction-draft';

/** What the form holds, as typed: a transaction's fields, and a cash row's kind; `type` 'cash' makes it a cash row. */
export interface FormDraft extends Omit<TransactionDraft, 'type' | 'account'> {
  type: TransactionType | 'cash';
  kind: CashKind;
  account: string;
}
export type Field = keyof FormDraft;

/** What the parser read from a field, said back under it while the user types ('Read as 1000 …'). */
export function readingOf(field: Field, text: string, locale: string): string | null {
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

export const isCash = (row: ListedTransaction | ListedCash): row is ListedCash => row.type === 'cash';

/** A listed row's fields as the form shows them for editing, in the user's locale. */
export function draftOf(
  row: ListedTransaction | ListedCash,
  locale: string,
  date: (iso: string) => string,
  account: string,
): FormDraft {
  const number = (value: number) => formatNumberForInput(value, locale);
  const common = { date: date(row.date), currency: row.currency, account: row.account ?? account };
  if (isCash(row))
    return {
      ...common,
      type: 'cash',
      kind: row.kind,
      ticker: '',
      amount: '0',
      value: number(typedCashValue(row.kind, row.value)),
      tax: '',
    };
  return {
    ...common,
    type: row.type,
    kind: 'deposit',
    ticker: row.ticker,
    amount: number(row.amount),
    value: number(row.value),
    tax: row.tax === undefined ? '' : number(row.tax),
  };
}
