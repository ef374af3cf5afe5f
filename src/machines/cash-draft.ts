/**
 * The add form's cash row (a deposit, a withdrawal, interest, an account fee, one leg of a conversion): text
 * as typed, checked before anything is sent, and the signed value SEMANTICS.md "Cash" stores.
 */
import { isCurrency, notACurrency } from '../model/currencies';
import { CASH_KINDS, type CashKind, type CashTransaction } from '../model/cash';
import { parseLocaleDate } from '../model/locale-date';
import { parseLocaleNumber } from '../model/locale-number';
import {
  isBoundedNumber,
  isTransactionYear,
  MAX_TRANSACTION_YEAR,
  MIN_TRANSACTION_YEAR,
} from '../model/transaction-limits';

export interface CashDraft {
  kind: CashKind;
  date: string;
  /** As typed: for a deposit, a withdrawal and a fee the size of the sum (its sign is the kind's); interest and a conversion leg are signed. */
  value: string;
  /** An ISO 4217 code, as chosen or typed (`chf` reads as CHF). */
  currency: string;
  /** The account's id; '' for the set's first. */
  account: string;
}

export type CashDraftField = keyof CashDraft;
export type CashDraftResult =
  { ok: true; cash: CashTransaction } | { ok: false; errors: Partial<Record<CashDraftField, string>> };

/** What the amount field means for each kind, said under it. */
export const CASH_VALUE_HINTS: Record<CashKind, string> = {
  deposit: 'The sum you put in.',
  withdrawal: 'The sum you took out (it leaves the account).',
  interest: 'Received; negative for interest charged.',
  fee: 'The sum charged (it leaves the account).',
  conversion: 'This leg of the exchange: positive for the currency received, negative for the one paid.',
};

export const CASH_KIND_NAMES: Record<CashKind, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  interest: 'Interest',
  fee: 'Account fee',
  conversion: 'Currency conversion',
};

/** The stored value of a sum typed for `kind`: money in > 0, out < 0 (a withdrawal and a fee are negative). */
export function signedCashValue(kind: CashKind, typed: number): number {
  if (kind === 'deposit') return Math.abs(typed);
  if (kind === 'withdrawal' || kind === 'fee') return -Math.abs(typed);
  return typed;
}

/** The sum as the form shows it for `kind`: a withdrawal's or fee's size without its sign. */
export const typedCashValue = (kind: CashKind, value: number): number =>
  kind === 'withdrawal' || kind === 'fee' ? Math.abs(value) : value;

/** Checks the cash row by the server's bounds; numbers and the date are read in `locale`. */
export function validateCashDraft(draft: CashDraft, locale: string): CashDraftResult {
  const errors: Partial<Record<CashDraftField, string>> = {};
  if (!(CASH_KINDS as readonly string[]).includes(draft.kind))
    errors.kind = 'Choose what kind of cash movement this is.';
  const date = parseLocaleDate(draft.date, locale);
  if (!date.ok) errors.date = date.problem === 'empty' ? date.message : `Enter a date. ${date.message}`;
  else if (!isTransactionYear(date.iso))
    errors.date = `Enter a date between ${MIN_TRANSACTION_YEAR} and ${MAX_TRANSACTION_YEAR}.`;
  const reading = parseLocaleNumber(draft.value, locale);
  if (!reading.ok)
    errors.value =
      reading.problem === 'ambiguous' ? reading.message : `Enter the amount as a number. ${reading.message}`;
  else if (!isBoundedNumber(reading.value))
    errors.value = `Enter at most ${new Intl.NumberFormat(locale).format(1e12)} (a trillion) either way.`;
  else if (reading.value === 0) errors.value = 'Enter an amount other than 0.';
  const currency = draft.currency.trim().toUpperCase();
  if (!isCurrency(currency)) errors.currency = `Choose a currency: ${notACurrency(draft.currency)}.`;
  if (Object.keys(errors).length > 0 || !date.ok || !reading.ok || !isCurrency(currency)) return { ok: false, errors };
  const cash: CashTransaction = {
    type: 'cash',
    kind: draft.kind,
    date: date.iso,
    value: signedCashValue(draft.kind, reading.value),
    currency,
  };
  if (draft.account !== '') cash.account = draft.account;
  return { ok: true, cash };
}
