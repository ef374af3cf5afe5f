/**
 * Real recordings the sample series are built around (copies under `data/market/sources/`, see the
 * NOTICE there): Yahoo chart JSON, raw or inside a recorded HTTP exchange, and yfinance's daily CSV.
 */
import { readFileSync } from 'node:fs';
import { epochDayFromIso } from '../../src/model/days';
import { parseChart } from '../../server/quotes/chart-json';
import type { QuoteBar, QuoteDividend, QuoteSeries } from '../../server/quotes/series';
import { barTimestamp, type Venue } from './trading-calendar';

/** Bars and events of a Yahoo chart recording (`{chart}` or `{request, response: {bodyJson}}`). */
export function readYahooRecording(path: string, symbol: string): QuoteSeries {
  const json = JSON.parse(readFileSync(path, 'utf8')) as { response?: { bodyJson?: unknown } };
  const parsed = parseChart(json.response?.bodyJson ?? json, symbol);
  if (!parsed.ok) throw new Error(`${path}: ${parsed.reason}`);
  return parsed.series;
}

const CSV_HEADER = 'Datetime,Open,High,Low,Close,Adj Close,Volume,Dividends,Stock Splits';

/**
 * yfinance's daily CSV (`2022-01-03 00:00:00+01:00,open,high,low,close,adj,volume,dividend,split`): one
 * bar per row, stamped as Yahoo stamps the venue's bars; a non-zero dividend becomes an event that day.
 */
export function readYfinanceCsv(path: string, venue: Venue): Pick<QuoteSeries, 'bars' | 'dividends'> {
  const [header, ...rows] = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  if (header !== CSV_HEADER) throw new Error(`${path}: unexpected header ${header}`);
  const bars: QuoteBar[] = [];
  const dividends: QuoteDividend[] = [];
  for (const row of rows) {
    const [datetime, open, high, low, close, , volume, dividend] = row.split(',');
    const isoDate = datetime!.slice(0, 10);
    const timestampSeconds = barTimestamp(venue, isoDate);
    const epochDay = epochDayFromIso(isoDate);
    bars.push({
      timestampSeconds,
      epochDay,
      open: Number(open),
      high: Number(high),
      low: Number(low),
      close: Number(close),
      volume: Number(volume),
    });
    if (Number(dividend) > 0) dividends.push({ dateSeconds: timestampSeconds, epochDay, amount: Number(dividend) });
  }
  return { bars, dividends };
}
