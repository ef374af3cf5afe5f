import type { Transaction } from '../../model';
import type { Formats } from '../format';

/** A transaction in words, as a save announces it: 'stock VWCE.DE on 06-05-2024, 2 shares, € 1.234,56'. */
export function describeTransaction(t: Transaction, formats: Formats): string {
  const shares = t.type === 'stock' ? `, ${formats.quantity(t.amount)} shares` : '';
  return `${t.type} ${t.ticker} on ${formats.date(t.date)}${shares}, ${formats.money(t.value, t.currency)}`;
}
