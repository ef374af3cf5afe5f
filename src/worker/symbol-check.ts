/** Whether the quotes service has prices for a symbol the user typed, said in words the preview shows. */
import { isoFromEpochDay } from '../model/days';
import { messageOf } from '../model/message';
import { normaliseTicker, NOT_A_TICKER } from '../model/transaction';
import type { Credentials } from './services/http';
import { requestQuotes } from './services/quotes-whole';

export interface SymbolCheck {
  /** The symbol as it will be stored (trimmed, upper-case), or as typed when it is not a Yahoo symbol. */
  symbol: string;
  hasPrices: boolean;
  message: string;
}

/** Ten years back: a symbol with no bar in them has no data worth importing under. */
const CHECK_YEARS = 10;

export async function checkSymbol(typed: string, credentials: Credentials, nowMs = Date.now()): Promise<SymbolCheck> {
  const symbol = normaliseTicker(typed);
  if (!symbol) {
    return { symbol: typed.trim(), hasPrices: false, message: `"${typed.trim()}" ${NOT_A_TICKER}.` };
  }
  const endSeconds = Math.floor(nowMs / 1000);
  try {
    const [entry] = await requestQuotes(credentials, {
      symbols: [symbol],
      startSeconds: endSeconds - CHECK_YEARS * 365 * 86_400,
      endSeconds,
    });
    if (!entry || 'error' in entry) {
      return {
        symbol,
        hasPrices: false,
        message: `No price data for ${symbol}${entry && 'error' in entry ? ` (${entry.error})` : ''}. Check the symbol on Yahoo Finance, or leave it empty to import under the ISIN without a price source.`,
      };
    }
    if (entry.days.length === 0)
      return {
        symbol,
        hasPrices: false,
        message: `No price data for ${symbol} in the last ${CHECK_YEARS} years. Check the symbol on Yahoo Finance, or leave it empty to import under the ISIN without a price source.`,
      };
    const last = isoFromEpochDay(entry.days[entry.days.length - 1]!);
    const currency = entry.meta.currency ? ` in ${entry.meta.currency}` : '';
    return { symbol, hasPrices: true, message: `${symbol} has prices${currency} up to ${last}.` };
  } catch (error) {
    return { symbol, hasPrices: false, message: `${symbol} could not be checked: ${messageOf(error)}` };
  }
}
