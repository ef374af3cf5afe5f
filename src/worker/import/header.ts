/**
 * Recognises the header of DEGIRO's Account.csv in any of its languages and maps its columns; a header of
 * its Transactions.csv is recognised too (see `trades-header.ts`).
 * `Datum,Tijd,Valutadatum,Product,ISIN,Omschrijving,FX,Mutatie,,Saldo,,Order Id`: the currency stands under
 * `Mutatie` and the amount in the unnamed column after it; `Saldo` is laid out the same way.
 */
import Papa from 'papaparse';
import { foldText, isControlCharacter } from './text';
import { tradesHeaderOf, type TradesHeader } from './trades-header';
import type { DecimalMark } from './numbers';
import { NOT_DEGIRO_STATEMENT, OTHER_DEGIRO_FILE } from './types';

export interface Columns {
  date: number;
  time: number;
  valueDate: number;
  product: number;
  isin: number;
  description: number;
  fx: number;
  /** The `Mutatie`/`Change` column (currency); the amount is in the next one. */
  change: number;
  balance: number;
  orderId: number;
}

export interface HeaderInfo {
  delimiter: string;
  columns: Columns;
  /** Decimal mark of the header's language, the last resort for ambiguous numbers. */
  languageMark: DecimalMark;
}

export const EXPECTED_HEADER = 'Datum,Tijd,Valutadatum,Product,ISIN,Omschrijving,FX,Mutatie,,Saldo,,Order Id';
export const EXPECTED_HEADER_EN = 'Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id';
export const EXPECTED_TRADES_HEADER_EN =
  'Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,';

const NAMES: Record<keyof Columns, readonly string[]> = {
  date: ['datum', 'date', 'fecha', 'data'],
  time: ['tijd', 'time', 'uhrzeit', 'zeit', 'heure', 'hora', 'ora', 'cas'],
  valueDate: [
    'valutadatum',
    'value date',
    'valuedate',
    'date de valeur',
    'date valeur',
    'fecha valor',
    'data valor',
    'data valuta',
    'data valore',
    'wertstellung',
  ],
  product: ['product', 'produkt', 'produit', 'producto', 'produto', 'prodotto'],
  isin: ['isin', 'code isin', 'codigo isin', 'codice isin'],
  description: [
    'omschrijving',
    'description',
    'beschreibung',
    'descripcion',
    'descricao',
    'descrizione',
    'popis',
    'opis',
  ],
  fx: ['fx', 'wisselkoers', 'tipo', 't.', 'tipo de cambio', 'taux de change', 'cambio', 'kurs', 'borsa'],
  change: [
    'mutatie',
    'change',
    'mutation',
    'variation',
    'anderung',
    'mouvements',
    'mouvement',
    'variacion',
    'variazioni',
    'variazione',
    'alteracao',
    'mudanca',
    'movimento',
    'zmena',
    'zmiana',
  ],
  balance: ['saldo', 'balance', 'solde', 'zustatek'],
  orderId: [
    'order id',
    'orderid',
    'order-id',
    "id de l'ordre",
    'id de l ordre',
    'id ordre',
    'id orden',
    'id de orden',
    'id da ordem',
    'id ordine',
    'auftrags-id',
    'auftragsnummer',
    'id objednavky',
  ],
};

/** The layout every DEGIRO Account.csv has, used when the headings are in a language not listed above. */
const STANDARD_LAYOUT: Columns = {
  date: 0,
  time: 1,
  valueDate: 2,
  product: 3,
  isin: 4,
  description: 5,
  fx: 6,
  change: 7,
  balance: 9,
  orderId: 11,
};

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'] as const;
/** Delimiters we read: the export's own comma, and what spreadsheet programs save it as. */
const ACCEPTED_DELIMITERS = new Set<string>([',', ';', '\t']);

function cellsOf(line: string, delimiter: string): string[] {
  const parsed = Papa.parse<string[]>(line, { delimiter, newline: '\n', quoteChar: '"' });
  return (parsed.data[0] ?? []).map((cell) => foldText(cell.replace(/^\uFEFF/, '')));
}

function mapColumns(cells: readonly string[]): Columns | null {
  const found: Partial<Columns> = {};
  for (const key of Object.keys(NAMES) as Array<keyof Columns>) {
    const index = cells.findIndex((cell) => NAMES[key].includes(cell));
    if (index !== -1) found[key] = index;
  }
  if (found.date !== undefined && found.description !== undefined && found.change !== undefined) {
    return {
      date: found.date,
      time: found.time ?? -1,
      valueDate: found.valueDate ?? -1,
      product: found.product ?? -1,
      isin: found.isin ?? -1,
      description: found.description,
      fx: found.fx ?? -1,
      change: found.change,
      balance: found.balance ?? -1,
      orderId: found.orderId ?? -1,
    };
  }
  // Headings in another language: DEGIRO's fixed layout, recognised by its ISIN column and two unnamed cells.
  if (cells.length >= 11 && cells[4] === 'isin' && cells[8] === '' && cells[10] === '') return STANDARD_LAYOUT;
  return null;
}

const OTHER_DEGIRO_FILES: Array<{ test: RegExp; name: string }> = [
  { test: /slotkoers|closing|symbool|symbol\/isin/, name: 'Portfolio.csv (the holdings overview)' },
];

function shorten(text: string): string {
  const visible = Array.from(text, (char) => (isControlCharacter(char.charCodeAt(0)) ? '?' : char)).join('');
  return visible.length > 120 ? `${visible.slice(0, 117)}...` : visible;
}

export type HeaderResult =
  | { ok: true; header: HeaderInfo }
  /** DEGIRO's Transactions.csv: one row per trade. */
  | { ok: true; trades: TradesHeader; delimiter: string }
  | { ok: false; error: string };

/** Reads the first non-blank line of the file as DEGIRO's header, or says what was expected instead. */
export function readHeader(line: string): HeaderResult {
  for (const delimiter of CANDIDATE_DELIMITERS) {
    if (!line.includes(delimiter)) continue;
    const cells = cellsOf(line, delimiter);
    const columns = mapColumns(cells);
    const trades = columns ? null : tradesHeaderOf(cells);
    if (!columns && !trades) continue;
    if (!ACCEPTED_DELIMITERS.has(delimiter)) {
      return {
        ok: false,
        error: `The header has DEGIRO's columns, but separated by "${delimiter}": expected commas, as in "${EXPECTED_HEADER}".`,
      };
    }
    if (!columns) return { ok: true, trades: trades!, delimiter };
    // `Date` and `Description` are French headings too: the change column tells English (`Change`) apart.
    const englishHeader = cells[columns.change] === 'change';
    return { ok: true, header: { delimiter, columns, languageMark: englishHeader ? '.' : ',' } };
  }
  const folded = foldText(line);
  for (const other of OTHER_DEGIRO_FILES) {
    if (other.test.test(folded) && /isin|product|produkt|produit/.test(folded)) {
      return {
        ok: false,
        error: `${OTHER_DEGIRO_FILE} ${other.name}, which has no transactions. Export the account statement (Account.csv), whose header is "${EXPECTED_HEADER}", or the transactions (Transactions.csv).`,
      };
    }
  }
  return {
    ok: false,
    error: `${NOT_DEGIRO_STATEMENT}: the first line should be the header "${EXPECTED_HEADER}" (in English "${EXPECTED_HEADER_EN}") or that of the transactions (Transactions.csv, "${EXPECTED_TRADES_HEADER_EN}"), but it is "${shorten(line)}".`,
  };
}
