/**
 * Recognises the header of DEGIRO's Transactions.csv (trades-file.ts describes the file and its three
 * layouts) in any of DEGIRO's languages and maps its columns: each column's headings, matched in an order
 * that tries the more specific heading first, the account's currency (a suffix of `Value EUR` / `Total EUR`)
 * and the decimal mark of the headings' language.
 */
import type { DecimalMark } from './numbers';

export interface TradesColumns {
  date: number;
  time: number;
  product: number;
  isin: number;
  /** DEGIRO's code of the reference exchange (`EAM`, `XET`, `NDQ`): what the symbol lookup ranks by. */
  exchange: number;
  /** The execution venue's MIC (`XAMS`, `XETA`, `CDED`); -1 in the oldest layout. */
  venue: number;
  quantity: number;
  price: number;
  localValue: number;
  value: number;
  rate: number;
  autoFx: number;
  costs: number;
  total: number;
  orderId: number;
}

/**
 * Headings per column in DEGIRO's languages (EN, NL, DE, FR, ES, IT, PT, PL, CZ), folded (lowercase, no
 * accents). A heading matches when it starts with one of these: DEGIRO cuts long headings short
 * (`Wert in Lokalwährun`, `Transaktionskost`, `Place boursiè`). Sources: headers of real exports quoted by
 * open-source importers (see tests/fixtures/NOTICE.md).
 */
const TRADE_NAMES: Record<keyof TradesColumns, readonly string[]> = {
  date: ['date', 'datum', 'fecha', 'data'],
  time: ['time', 'tijd', 'uhrzeit', 'zeit', 'heure', 'hora', 'ora', 'czas', 'cas'],
  product: ['product', 'produkt', 'produit', 'producto', 'produto', 'prodotto'],
  isin: ['isin', 'code isin', 'codice isin', 'codigo isin'],
  exchange: [
    'reference exchange',
    'reference',
    'beurs',
    'referentiebeurs',
    'referenzborse',
    'bourse de reference',
    'place boursi',
    'bourse',
    'bolsa de referencia',
    'borsa di riferimento',
    'gielda referenc',
    'exchange',
    'referencni burza',
  ],
  venue: [
    'venue',
    'uitvoeringsplaats',
    'ausfuhrungsort',
    "lieu d'execution",
    'lieu d execution',
    'centro de ejecucion',
    'local de execucao',
    'sede di esecuzione',
    'borsa',
    'bolsa',
    'miejsce wykonania',
    'execution venue',
    'misto provedeni',
  ],
  quantity: [
    'quantity',
    'aantal',
    'anzahl',
    'quantite',
    'numero',
    'cantidad',
    'quantidade',
    'quantita',
    'liczba',
    'pocet',
  ],
  price: ['price', 'koers', 'kurs', 'cours', 'precio', 'preco', 'precos', 'quotazione', 'cena'],
  localValue: [
    'local value',
    'lokale waarde',
    'wert in lokalwahrung',
    'lokaler wert',
    'montant devise locale',
    'valeur locale',
    'valor local',
    'valore locale',
    'wartosc lokalna',
    'mistni hodnota',
  ],
  value: ['value', 'waarde', 'wert', 'montant', 'valeur', 'valor', 'valore', 'wartosc', 'hodnota'],
  rate: [
    'exchange rate',
    'wisselkoers',
    'wechselkurs',
    'taux de change',
    'tipo de cambio',
    'taxa de cambio',
    'tasso di cambio',
    'kurs wymian',
    'smenny kurz',
  ],
  autoFx: [
    'autofx',
    'autofx-gebuhr',
    'frais autofx',
    'frais conversion autofx',
    'comision autofx',
    'commissione autofx',
    'custo autofx',
    'taxa autofx',
    'oplata autofx',
    'poplatek autofx',
  ],
  costs: [
    'transaction',
    'transactiekosten',
    'transaktionskost',
    'transaktionsgebuhr',
    'frais de courtage',
    'costes de transaccion',
    'comision',
    'costi di transazione',
    'custos de transacao',
    'oplata transakcyjna',
    'transakcni naklady',
    'kosten',
    'fees',
  ],
  total: ['total', 'totaal', 'gesamt', 'montant negocie', 'totale', 'razem', 'celkem'],
  orderId: [
    'order id',
    'order-id',
    'orderid',
    'id ordre',
    "id de l'ordre",
    'id orden',
    'id ordine',
    'id da ordem',
    'identyfikator zlecenia',
    'id objednavky',
  ],
};

/** Order of the tests: a more specific heading first (`Local value` before `Value`, `AutoFX` before the costs). */
const MATCH_ORDER: ReadonlyArray<keyof TradesColumns> = [
  'date',
  'time',
  'product',
  'isin',
  'exchange',
  'venue',
  'quantity',
  'price',
  'localValue',
  'rate',
  'autoFx',
  'costs',
  'total',
  'orderId',
  'value',
];

export const CURRENCY = /^[A-Z]{3}$/;

export interface TradesHeader {
  columns: TradesColumns;
  /** The account's currency: of `Value EUR` / `Total EUR` (a suffix of the heading), else EUR. */
  accountCurrency: string;
  /** The decimal mark of the headings' language, the last resort for ambiguous numbers. */
  languageMark: DecimalMark;
}

/** Maps a Transactions.csv header (cells folded); null when it is not one. */
export function tradesHeaderOf(cells: readonly string[]): TradesHeader | null {
  const found: Partial<Record<keyof TradesColumns, number>> = {};
  const taken = new Set<number>();
  for (const key of MATCH_ORDER) {
    const index = cells.findIndex(
      (heading, i) =>
        !taken.has(i) &&
        heading !== '' &&
        TRADE_NAMES[key].some(
          (name) =>
            heading === name ||
            heading.startsWith(`${name} `) ||
            (name.length >= 8 && heading.startsWith(name)) ||
            (heading.length >= 12 && name.startsWith(heading)),
        ),
    );
    if (index === -1) continue;
    found[key] = index;
    taken.add(index);
  }
  const { date, isin, quantity, price } = found;
  if (date === undefined || isin === undefined || quantity === undefined || price === undefined) return null;
  if (found.localValue === undefined && found.value === undefined && found.total === undefined) return null;
  const suffix = (index: number | undefined) =>
    index === undefined ? null : (/\b([a-z]{3})$/.exec(cells[index]!)?.[1]?.toUpperCase() ?? null);
  const accountCurrency = suffix(found.value) ?? suffix(found.total) ?? 'EUR';
  const column = (key: keyof TradesColumns) => found[key] ?? -1;
  return {
    columns: {
      date,
      time: column('time'),
      product: column('product'),
      isin,
      exchange: column('exchange'),
      venue: column('venue'),
      quantity,
      price,
      localValue: column('localValue'),
      value: column('value'),
      rate: column('rate'),
      autoFx: column('autoFx'),
      costs: column('costs'),
      total: column('total'),
      orderId: column('orderId'),
    },
    accountCurrency: CURRENCY.test(accountCurrency) ? accountCurrency : 'EUR',
    languageMark: cells[date] === 'date' && cells[quantity] === 'quantity' ? '.' : ',',
  };
}
