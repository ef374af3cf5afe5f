import type { Transaction } from '../../model';
import type { CashTransaction } from '../../model/cash';
import type { Formats } from '../format';

/** A transaction in words, as a save announces it: 'stock VWCE.DE on 06-05-2024, 2 shares, € 1.234,56'; a cash row: 'cash deposit on 06-05-2024, € 500,00'. */
export function describeTransaction(t: Transaction | CashTransaction, formats: Formats): string {
  if (t.type === 'cash') return `cash ${t.kind} on ${formats.date(t.date)}, ${formats.money(t.value, t.currency)}`;
  const shares = t.type === 'stock' ? `, ${formats.quantity(t.amount)} shares` : '';
  return `${t.type} ${t.ticker} on ${formats.date(t.date)}${shares}, ${formats.money(t.value, t.currency)}`;
}
