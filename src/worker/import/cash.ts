/**
 * The statement's cash lines as cash transactions (SEMANTICS.md "Cash"), each valued as its mutation, signed
 * from the account's side:
 * - deposits (`iDEAL Deposit`, `flatex Storting`, `SOFORT`, `Einzahlung`…) and withdrawals (`flatex
 *   terugstorting`, `Processed Flatex Withdrawal` of a negative amount, `Auszahlung`…);
 * - interest, either sign (`Flatex Interest`, `Rente`, a money-market fund's gain or loss booked with a
 *   mutation, accrued bond interest without its trade in the file);
 * - the account's fees (costs of no product: exchange connection fees, DEGIRO courtesy), from the
 *   commissions the importer built of them (`accountFee`);
 * - currency conversions not folded into a trade or dividend: one `conversion` per leg, in its currency.
 * A deposit or withdrawal is money in or out by its sign, whatever its wording (a deposit reversed is a
 * withdrawal); one of 0 moves nothing and is skipped. Lines that move money between the account's own
 * places are booked as nothing (`internal`): a `Processed Flatex Withdrawal` of a positive amount is the
 * bank side paying a withdrawal booked beside it.
 * A cash line in a currency that is no ISO 4217 code is refused with its reason; a conversion is refused
 * whole (both legs), so that no half of it is stored.
 */
import { isCurrency, type Currency } from '../../model/currencies';
import type { CashKind } from '../../model/cash';
import { DIVIDEND_WINDOW_DAYS } from './conversions';
import { importIdOf } from './import-id';
import { roundMoney } from './numbers';
import { linesOf, type SourceRow } from './rows';
import type { ImportedCash, ImportedTransaction, SkipReason } from './types';

/** Any ISO 4217 code: an account holds cash in any currency. */
export function isHeldCurrency(code: string): code is Currency {
  return isCurrency(code);
}

const NAMES: Record<CashKind, string> = {
  deposit: 'a deposit',
  withdrawal: 'a withdrawal',
  interest: 'interest',
  fee: 'an account fee',
  conversion: 'a currency conversion',
};

/** Why a cash line in `currency` is not imported. */
export function currencyProblem(kind: CashKind, currency: string): string {
  const what = currency
    ? `${NAMES[kind]} in ${currency}, which is not an ISO 4217 currency code`
    : `${NAMES[kind]} without a currency`;
  return `${what}, so this line is not imported (nothing of it is stored)`;
}

function cashOf(row: SourceRow, kind: CashKind): ImportedCash {
  return {
    type: 'cash',
    kind,
    date: row.date,
    value: roundMoney(row.amount) + 0,
    currency: row.currency as Currency,
    importId: importIdOf(row.fingerprint),
    lines: linesOf(row),
  };
}

/** An account fee from the commission the importer made of an account cost (its id stays the commission's). */
export function accountFee(commission: ImportedTransaction): ImportedCash {
  return {
    type: 'cash',
    kind: 'fee',
    date: commission.date,
    value: -commission.value + 0,
    currency: commission.currency,
    importId: commission.importId,
    lines: commission.lines,
  };
}

export interface CashBooking {
  cash: ImportedCash[];
  rejected: Array<{ row: SourceRow; reason: string }>;
  internal: Array<{ row: SourceRow; reason: SkipReason }>;
}

/** A moment and Order Id: the legs of one conversion share them. */
const legKey = (row: SourceRow) => `${row.epochDay * 1440 + row.minutes}|${row.orderId}`;

/**
 * Books the cash lines of `rows`, the conversion legs no trade or dividend took (`legs`) and the accrued
 * interest without its trade (`interest`).
 */
export function bookCash(
  rows: readonly SourceRow[],
  legs: readonly SourceRow[],
  interest: readonly SourceRow[],
): CashBooking {
  let first: SourceRow | null = null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (Number.isFinite(row.epochDay) && row.date !== '' && (!first || row.epochDay < first.epochDay)) first = row;
  }
  const booking: CashBooking = { cash: [], rejected: [], internal: [] };
  const book = (row: SourceRow, kind: CashKind) => {
    if (isHeldCurrency(row.currency)) booking.cash.push(cashOf(row, kind));
    else booking.rejected.push({ row, reason: currencyProblem(kind, row.currency) });
  };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.problem !== null) continue;
    const { kind, cashKind, skipReason } = row.classification;
    if (kind === 'cash') {
      const flow = cashKind === 'deposit' || cashKind === 'withdrawal';
      // Money in is a deposit, money out a withdrawal, whatever the wording (a reversed deposit is money out).
      if (flow && row.amount === 0) booking.internal.push({ row, reason: 'no money moved' });
      else if (row.classification.bankSide && row.amount > 0) booking.internal.push({ row, reason: 'cash sweep' });
      else book(row, flow ? (row.amount > 0 ? 'deposit' : 'withdrawal') : cashKind!);
    } else if (kind === 'skip' && skipReason === 'money-market fund' && row.fingerprint !== 0) book(row, 'interest');
  }
  for (const row of interest) book(row, 'interest');
  const conversions = new Map<string, SourceRow[]>();
  for (const leg of legs) {
    const key = legKey(leg);
    const group = conversions.get(key);
    if (group) group.push(leg);
    else conversions.set(key, [leg]);
  }
  for (const group of conversions.values()) {
    const foreign = group.find((leg) => !isHeldCurrency(leg.currency));
    if (foreign) {
      const reason = currencyProblem('conversion', foreign.currency);
      for (const leg of group) booking.rejected.push({ row: leg, reason });
      continue;
    }
    const booked = group.map((leg) => cashOf(leg, 'conversion'));
    const eur = group.find((leg) => leg.currency === 'EUR');
    // Within the weeks a conversion may reach back (conversions.ts), what it converted may lie before the file.
    if (first && eur && group.length === 2 && group[0]!.epochDay - DIVIDEND_WINDOW_DAYS <= first.epochDay) {
      const convertsBefore = { before: first.date, eur: roundMoney(eur.amount), pair: booked.map((c) => c.importId) };
      for (const leg of booked) leg.convertsBefore = convertsBefore;
    }
    booking.cash.push(...booked);
  }
  return booking;
}
