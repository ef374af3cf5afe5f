/**
 * Lines without a mutation that still move the statement's balance (SEMANTICS.md "Statements reconciled"):
 * - a cash sweep's companion line, `Overboeking van uw geldrekening bij flatexDEGIRO Bank 26,45 EUR` (the
 *   balance goes down by 26,45), `Overboeking naar uw geldrekening bij flatexDEGIRO Bank: 0,92 EUR` (up by
 *   0,92), `Transfer from your Cash Account at flatexDEGIRO Bank SE: 2.5 EUR` (down by 2,50);
 * - a money-market conversion, `Conversie geldmarktfonds: Koop 0,000016 @ 9.961,4715 EUR` (cash into the
 *   fund: down by 0,16), `… Verkoop …` (out of the fund: up).
 * The amount is the one the description states; nothing of it is booked (the money stays the account's).
 */
import type { DecimalMark } from './numbers';
import { decimalMarkOf, parseLocaleNumber } from './numbers';
import { foldText, repairMojibake } from './text';
import type { SkipReason } from './types';
import { SELL_VERB_SET, TRADE } from './vocabulary';

/** The amount at the end of a sweep's description: `… 26,45 EUR`, `…: 2.5 EUR`. */
const STATED_AMOUNT = /(\d[\d.,]*)\s*[A-Za-z]{3}\s*$/;
/** Money moved to the bank's cash account (`naar uw geldrekening`, `to your Cash Account`, `auf Ihr Geldkonto`). */
const TO_THE_BANK = /\b(naar|to|auf|vers|hacia|para|verso|na)\b/;
/** The price of a money-market conversion: `@ 9.961,4715 EUR`. */
const PRICE = /@ ?(\d[\d.,' ]*\d|\d)/;

function numberIn(text: string, mark: DecimalMark): number {
  const compact = text.replace(/[ ']/g, '');
  return parseLocaleNumber(compact, decimalMarkOf(compact) ?? mark);
}

/** The balance's move a line without a mutation states (see above); NaN when its description states none. */
export function describedMove(description: string, reason: SkipReason, mark: DecimalMark): number {
  const folded = foldText(repairMojibake(description));
  if (reason === 'cash sweep') {
    const stated = STATED_AMOUNT.exec(description.trim());
    if (!stated) return Number.NaN;
    const amount = numberIn(stated[1]!, mark);
    return TO_THE_BANK.test(folded) ? amount : -amount;
  }
  if (reason === 'money-market fund') {
    const trade = TRADE.exec(folded);
    const price = PRICE.exec(folded);
    if (!trade || !price) return Number.NaN;
    const value = Math.round(numberIn(trade[3]!, mark) * numberIn(price[1]!, mark) * 100) / 100;
    return SELL_VERB_SET.has(trade[2]!) ? value : -value;
  }
  return Number.NaN;
}
