/** What identifies a row across DEGIRO's two files, and the words for a trade row that cannot be read. */
import type { Hasher } from './import-id';
import type { SourceRow } from './rows';
import { foldText } from './text';

/**
 * The key a trade shares across DEGIRO's files (Account.csv's `Koop 10 @ …` row and Transactions.csv's row
 * of the same fill): the day, the product, the side and the share count. Neither the minute nor the value
 * date (Transactions.csv has none), nor the cash (Account.csv books product changes at 0, and its EUR is the
 * conversion's, Transactions.csv's its own), nor the Order Id (older Account.csv rows have none).
 */
export function tradeFingerprint(hasher: Hasher, row: SourceRow): number {
  return hasher
    .reset()
    .text('trade')
    .integer(row.epochDay)
    .text(row.isin || foldText(row.product))
    .text(row.classification.sell ? 'sell' : 'buy')
    .integer(Math.round(row.quantity * 1e6))
    .digest();
}

/** The key of a product's costs across both files: the day, the product and the amount to the cent. */
export function costsFingerprint(hasher: Hasher, row: SourceRow): number {
  return hasher
    .reset()
    .text('costs')
    .integer(row.epochDay)
    .text(row.isin || foldText(row.product))
    .text(row.currency)
    .integer(Math.round(Math.abs(row.amount) * 100))
    .integer(row.amount < 0 ? 1 : 0)
    .digest();
}

/** Why a buy or sell row without its share count (`Koop`, where DEGIRO writes `Koop 10 @ 52,30 EUR`) is left out. */
export function tradeWithoutSharesReason(description: string, sell: boolean): string {
  const side = sell ? 'a sell' : 'a buy';
  return (
    `${side} ("${description}") without the number of shares and the price ("N @ price"), so how many shares it ${sell ? 'sold' : 'bought'} is not known: ` +
    `add it by hand on the Transactions page, or export the statement again from DEGIRO`
  );
}
