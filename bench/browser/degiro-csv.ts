/**
 * A DEGIRO account statement (Dutch export, as DEGIRO writes it: decimal commas in quoted fields, rows
 * newest first, `DD-MM-YYYY`) of a given number of rows, from a seed: buys and sells with their
 * transaction costs, and dividends, over a few products whose ISINs no table knows, so the import asks
 * for their tickers as it would for an unlisted fund.
 */
import { epochDayFromIso, isoFromEpochDay } from '../../src/model';
import { seededRandom } from '../../scripts/sample-data/random-walk';
import type { Workload } from '../workloads/make-workload';

export interface DegiroStatement {
  csv: string;
  /** Data rows (the header not counted). */
  rows: number;
  /** Product key (ISIN) → name, as the import preview lists them. */
  products: Array<{ isin: string; name: string }>;
}

const HEADER = 'Datum,Tijd,Valutadatum,Product,ISIN,Omschrijving,FX,Mutatie,,Saldo,,Order Id';
const PRODUCTS = 5;

/** `1234,5` → `"1234,50"`: DEGIRO's Dutch money field. */
const money = (value: number): string => `"${value.toFixed(2).replace('.', ',')}"`;
const dutchDate = (iso: string): string => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/**
 * `rows` data rows between `firstDay` and `lastDay` (epoch days). A trade takes two rows (the trade and
 * its costs), a dividend one; about a fifth of the rows are dividends.
 */
export function degiroStatement(
  rows: number,
  firstDay: number,
  lastDay: number,
  seed = 'browser-benchmark',
): DegiroStatement {
  const next = seededRandom(`${seed}/degiro/${rows}`);
  const products = Array.from({ length: PRODUCTS }, (_, k) => ({
    isin: `XS${String(900_000_000 + k * 7_919).padStart(9, '0')}${k}`,
    name: `BENCHMARK FUND ${String.fromCharCode(65 + k)}`,
  }));
  const bookings: Array<{ day: number; lines: string[] }> = [];
  let written = 0;
  let order = 0;
  while (written < rows) {
    const product = products[Math.floor(next() * products.length)];
    const day = firstDay + Math.floor(next() * (lastDay - firstDay + 1));
    const date = dutchDate(isoFromEpochDay(day));
    const time = `${String(9 + Math.floor(next() * 8)).padStart(2, '0')}:${String(Math.floor(next() * 60)).padStart(2, '0')}`;
    const start = `${date},${time},${date},${product.name},${product.isin}`;
    if (rows - written === 1 || next() < 0.2) {
      bookings.push({ day, lines: [`${start},Dividend,,EUR,${money(1 + next() * 60)},EUR,${money(0)},`] });
      written += 1;
      continue;
    }
    const shares = 1 + Math.floor(next() * 25);
    const sell = next() < 0.1;
    const price = 20 + next() * 80;
    const cash = (shares * Math.round(price * 100)) / 100;
    order += 1;
    const orderId = `00000000-bench-0000-0000-${String(order).padStart(12, '0')}`;
    const verb = sell ? 'Verkoop' : 'Koop';
    bookings.push({
      day,
      lines: [
        `${start},DEGIRO Transactiekosten en/of kosten van derden,,EUR,${money(-(0.5 + next() * 2))},EUR,${money(0)},`,
        `${start},"${verb} ${shares} @ ${price.toFixed(2).replace('.', ',')} EUR",,EUR,${money(sell ? cash : -cash)},EUR,${money(0)},${orderId}`,
      ],
    });
    written += 2;
  }
  bookings.sort((a, b) => b.day - a.day);
  const lines = [HEADER, ...bookings.flatMap((booking) => booking.lines)];
  return { csv: `${lines.join('\n')}\n`, rows: written, products };
}

/** A statement of `rows` over the workload's years: its first transaction day to its `asOf`. */
export function workloadStatement(workload: Workload, rows: number): DegiroStatement {
  const { stock, dividend, commission } = workload.transactions;
  const first = [...stock, ...dividend, ...commission].reduce(
    (earliest, transaction) => (transaction.date < earliest ? transaction.date : earliest),
    workload.asOf,
  );
  return degiroStatement(rows, epochDayFromIso(first), epochDayFromIso(workload.asOf));
}
