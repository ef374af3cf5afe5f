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
 * typed like Account.csv's rows so that the rest of the import treats them alike. The header is recognised
 * and its columns mapped in trades-header.ts.
 */
import { isCurrency } from '../../model/currencies';
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
import { CURRENCY, type TradesHeader } from './trades-header';

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
      else if (!isCurrency(localCurrency))
        problem = `a trade in ${localCurrency}, which is not an ISO 4217 currency code, without its value in EUR`;
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
