/**
 * DEGIRO's Transactions.csv: one row per trade (a fill of an order), with the venue, the quantity (negative
 * for a sell), the price, the value in the trade's currency and in the account's, the rate, the AutoFX fee,
 * the transaction costs, the total and the Order Id. Its headings follow the language of the user's
 * DEGIRO, its layout three generations:
 *  - current: `Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,
 *    Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,` (the currency of
 *    the price and of the local value in the unnamed column after each; the Order Id often in the unnamed
 *    last column, the named one left empty);
 *  - older: `…,Value,,Exchange rate,Transaction and/or third,,Total,,Order ID` (a currency after each amount);
 *  - oldest (German): no venue column, `Wert in Lokalwährun`, `Transaktionskost` (headings cut short).
 * Each row becomes a trade row and, when it has costs, a fee row of the same line (the commission), both
 * typed like Account.csv's rows so that the rest of the import treats them alike.
 */
import {
  isBoundedNumber,
  isTransactionYear,
  MAX_ABSOLUTE_NUMBER,
  MAX_TRANSACTION_YEAR,
  MIN_TRANSACTION_YEAR,
} from '../../model/transaction-limits';
import type { Classification } from './classify';
import { DateReader } from './dates';
import { Hasher } from './import-id';
import { decimalMarkOf, parseLocaleNumber, type DecimalMark } from './numbers';
import { cell, type RawRecord } from './records';
import { sourceRow, type SourceRow } from './rows';
import { costsFingerprint, tradeFingerprint } from './row-keys';
import { repairMojibake } from './text';

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

const CURRENCY = /^[A-Z]{3}$/;

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

const TRADE_BUY: Classification = { kind: 'trade', sell: false };
const TRADE_SELL: Classification = { kind: 'trade', sell: true };
const FEE: Classification = { kind: 'fee' };

/** Currencies quoted in minor units: the trade key and the stored value use the major one. */
const MINOR_UNITS: Record<string, { major: string; per: number }> = {
  GBX: { major: 'GBP', per: 100 },
  GBp: { major: 'GBP', per: 100 },
  ZAC: { major: 'ZAR', per: 100 },
  ILA: { major: 'ILS', per: 100 },
};

/** A Transactions.csv record → its trade row and, when it has costs, its commission row (same line). */
export class TradeRowBuilder {
  private readonly dates = new DateReader();
  private readonly hasher = new Hasher();
  private commaVotes = 0;
  private dotVotes = 0;

  constructor(private readonly header: TradesHeader) {}

  vote(record: RawRecord): void {
    const { price, localValue, total } = this.header.columns;
    for (const column of [price, localValue, total]) {
      const mark = decimalMarkOf(cell(record.fields, column));
      if (mark === ',') this.commaVotes += 1;
      else if (mark === '.') this.dotVotes += 1;
    }
  }

  private markOf(fields: readonly string[]): DecimalMark {
    const { price, localValue, value, total, costs } = this.header.columns;
    for (const column of [price, localValue, value, total, costs]) {
      const mark = decimalMarkOf(cell(fields, column));
      if (mark) return mark;
    }
    if (this.commaVotes !== this.dotVotes) return this.commaVotes > this.dotVotes ? ',' : '.';
    return this.header.languageMark;
  }

  /** An amount and the currency in the unnamed cell after it (`-1921,05`,`EUR`), if there is one. */
  private amountAt(fields: readonly string[], column: number, mark: DecimalMark): { amount: number; currency: string } {
    const text = cell(fields, column);
    const next = cell(fields, column + 1);
    return {
      amount: text === '' ? Number.NaN : parseLocaleNumber(text, mark),
      currency: CURRENCY.test(next) || next === 'GBp' ? next : '',
    };
  }

  build(record: RawRecord): SourceRow[] {
    const { columns, accountCurrency } = this.header;
    const { fields } = record;
    const mark = this.markOf(fields);
    const dateText = cell(fields, columns.date);
    const { date, epochDay } = this.dates.read(dateText);
    const product = repairMojibake(cell(fields, columns.product)).replace(/\s+/g, ' ');
    const isin = cell(fields, columns.isin).toUpperCase();
    const quantityText = cell(fields, columns.quantity);
    const signedQuantity =
      quantityText === '' ? Number.NaN : parseLocaleNumber(quantityText, decimalMarkOf(quantityText) ?? mark);
    const price = this.amountAt(fields, columns.price, mark);
    const local =
      columns.localValue >= 0 ? this.amountAt(fields, columns.localValue, mark) : { amount: Number.NaN, currency: '' };
    let localCurrency = local.currency || price.currency;
    let localAmount = Number.isNaN(local.amount) ? signedQuantity * price.amount : local.amount;
    const minor = MINOR_UNITS[localCurrency];
    if (minor) {
      localCurrency = minor.major;
      localAmount /= minor.per;
    }
    const number = (column: number) => {
      const text = cell(fields, column);
      return text === '' ? 0 : parseLocaleNumber(text, mark);
    };
    const costs = number(columns.costs);
    const sell = signedQuantity < 0;
    const quantity = Math.abs(signedQuantity);

    let problem: string | null = null;
    if (dateText === '' || quantityText === '') problem = 'a row without a date or a quantity';
    else if (!date) problem = `the date "${dateText}" is not a date written DD-MM-YYYY`;
    else if (!isTransactionYear(date))
      problem = `the date "${dateText}" is outside the years ${MIN_TRANSACTION_YEAR}–${MAX_TRANSACTION_YEAR}`;
    else if (!(quantity > 0)) problem = `the quantity "${quantityText}" is not a number of shares`;
    else if (!isBoundedNumber(quantity)) problem = `the quantity "${quantityText}" is beyond ${MAX_ABSOLUTE_NUMBER}`;
    else if (Number.isNaN(localAmount) || !isBoundedNumber(localAmount)) problem = 'the row has no value of the trade';
    else if (!CURRENCY.test(localCurrency)) problem = 'the row does not say the currency of the trade';
    else if (Number.isNaN(costs) || !isBoundedNumber(costs))
      problem = `the costs "${cell(fields, columns.costs)}" are not a number`;

    // What the trade cost or brought, signed like Account.csv's cash: negative for a buy.
    const signed = (magnitude: number) => (sell ? Math.abs(magnitude) : -Math.abs(magnitude));
    let amountEur: number | undefined;
    if (problem === null && localCurrency !== accountCurrency) {
      // The account's currency that moved for the shares: the value plus the AutoFX fee (the costs are booked
      // apart), else the total less the costs.
      const value = number(columns.value);
      const inAccount = value !== 0 ? value + number(columns.autoFx) : number(columns.total) - costs;
      if (accountCurrency === 'EUR' && inAccount !== 0 && isBoundedNumber(inAccount)) amountEur = signed(inAccount);
      else if (localCurrency !== 'EUR' && localCurrency !== 'USD')
        problem = `a trade in ${localCurrency} without its value in EUR (transactions are kept in EUR or USD)`;
    }

    const orderId = cell(fields, columns.orderId) || (columns.orderId >= 0 ? cell(fields, columns.orderId + 1) : '');
    const exchange = cell(fields, columns.exchange) || cell(fields, columns.venue);
    // A row naming neither product nor ISIN keeps an empty key: only Account.csv books the account's costs.
    const trade = sourceRow(
      record,
      cell(fields, columns.time),
      {
        date,
        epochDay,
        product,
        isin,
        classification: sell ? TRADE_SELL : TRADE_BUY,
        problem,
        quantity,
        currency: localCurrency,
        amount: signed(localAmount),
        orderId,
      },
      '',
    );
    if (amountEur !== undefined) trade.amountEur = amountEur;
    if (exchange) trade.venue = exchange.toUpperCase();
    if (problem !== null) return [trade];
    trade.fingerprint = tradeFingerprint(this.hasher, trade);
    if (Math.abs(costs) < 0.005) return [trade];
    const commission: SourceRow = {
      ...trade,
      classification: FEE,
      currency: accountCurrency,
      amount: -Math.abs(costs),
      quantity: Number.NaN,
      sharesLine: true,
    };
    delete commission.amountEur;
    commission.fingerprint = costsFingerprint(this.hasher, commission);
    return [trade, commission];
  }
}
