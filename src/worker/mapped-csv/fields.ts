/** The cells of another broker's CSV, read the way its mapping says: dates, numbers, transaction kinds. */
import { daysInMonth } from '../../model';
import { foldText } from '../import/text';
import type { DateOrder, DecimalMarkChoice } from '../../model/csv-mapping';

const DATE_PARTS = /^(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})$/;

/**
 * A date in `order` as `YYYY-MM-DD`, or null. A time after it (`2021-03-01 10:22`, `…T10:22:00Z`) is
 * ignored; years have four digits.
 */
export function readDate(text: string, order: DateOrder): string | null {
  const day = text.trim().split(/[ T]/)[0] ?? '';
  const m = DATE_PARTS.exec(day);
  if (!m) return null;
  const [a, b, c] = [m[1]!, m[2]!, m[3]!];
  const [y, mo, d] = order === 'YMD' ? [a, b, c] : order === 'DMY' ? [c, b, a] : [c, a, b];
  if (y.length !== 4 || mo.length > 2 || d.length > 2) return null;
  const year = Number(y);
  const month = Number(mo);
  const date = Number(d);
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month)) return null;
  return `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/**
 * A number written with `mark` as the decimal mark; null when it is not one. The other mark, spaces and
 * apostrophes may group thousands (only in groups of three); a currency sign or code around it, a `+`,
 * or accounting parentheses for a negative (`(12.50)`) are allowed. `1.5` with mark `,` is refused, not
 * guessed: the mapping says how the file writes numbers.
 */
export function readNumber(text: string, mark: DecimalMarkChoice): number | null {
  let body = text
    .trim()
    .replace(/^[A-Z]{3}\s+|\s+[A-Z]{3}$/g, '')
    .replace(/[€$£]/g, '')
    .trim();
  let negative = false;
  if (/^\(.*\)$/.test(body)) {
    negative = true;
    body = body.slice(1, -1).trim();
  }
  if (body.startsWith('-') || body.startsWith('\u2212')) {
    negative = !negative;
    body = body.slice(1).trim();
  } else if (body.startsWith('+')) body = body.slice(1).trim();
  const group = mark === ',' ? "[.\\s\\u00a0\\u202f'’]" : "[,\\s\\u00a0\\u202f'’]";
  const decimal = mark === ',' ? ',' : '\\.';
  const shape = new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${decimal}(\\d+))?$`);
  const m = shape.exec(body);
  if (!m) return null;
  const value = Number(`${m[1]!.replace(/\D/g, '')}.${m[2] ?? '0'}`);
  return negative ? -value : value;
}

export type RowKind = 'buy' | 'sell' | 'dividend' | 'fee' | 'deposit' | 'withdrawal' | 'interest';

/** The words each kind is recognised by (folded: lower case, no accents), in the order they are tried. */
export const KIND_WORDS: ReadonlyArray<readonly [RowKind, readonly string[]]> = [
  ['dividend', ['dividend', 'dividende', 'dividendo', 'div', 'distribution']],
  ['interest', ['interest', 'rente', 'zinsen', 'interet', 'interets', 'intereses', 'juros']],
  ['withdrawal', ['withdrawal', 'withdraw', 'payout', 'opname', 'terugstorting', 'auszahlung', 'retrait', 'retirada']],
  ['deposit', ['deposit', 'topup', 'storting', 'einzahlung', 'versement', 'ingreso', 'deposito']],
  ['sell', ['sell', 'sold', 'sale', 'verkoop', 'verkauf', 'vente', 'venta', 'vendita', 's']],
  ['buy', ['buy', 'bought', 'purchase', 'koop', 'kauf', 'achat', 'compra', 'acquisto', 'b']],
  ['fee', ['fee', 'fees', 'commission', 'cost', 'costs', 'kosten', 'gebuhr', 'frais', 'comision']],
];

/** The kind a type cell names (`Market buy`, `Dividend (Ordinary)`, `VERKOOP`), or null. */
export function readKind(text: string): RowKind | null {
  const words = foldText(text)
    .split(/[^a-z]+/)
    .filter((word) => word !== '');
  for (const [kind, names] of KIND_WORDS) if (words.some((word) => names.includes(word))) return kind;
  return null;
}
