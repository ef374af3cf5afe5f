/**
 * The v8 chart JSON of a series, as Yahoo would send it: the shape of the recorded files in `data/market`
 * that the sample-data generator writes (the server reads them with `parseChart`, and answers columns).
 */
import type { QuoteDataSource, YahooChart, YahooChartResult } from '../../src/model/quotes';
import type { QuoteBar, QuoteSeries } from '../../server/quotes/series';

function columnOf(bars: readonly QuoteBar[], pick: (bar: QuoteBar) => number | null): Array<number | null> | undefined {
  const values = bars.map(pick);
  return values.some((value) => value !== null) ? values : undefined;
}

/** The v8 chart JSON of a series, marked with where it came from. */
export function chartFromSeries(series: QuoteSeries, dataSource: QuoteDataSource): YahooChart {
  const { bars } = series;
  const result: YahooChartResult = { meta: { ...series.meta, dataSource }, indicators: { quote: [{}] } };
  if (bars.length > 0) {
    result.timestamp = bars.map((bar) => bar.timestampSeconds);
    const quote: YahooChartResult['indicators']['quote'][number] = { close: bars.map((bar) => bar.close) };
    const open = columnOf(bars, (bar) => bar.open);
    const high = columnOf(bars, (bar) => bar.high);
    const low = columnOf(bars, (bar) => bar.low);
    const volume = columnOf(bars, (bar) => bar.volume);
    if (open) quote.open = open;
    if (high) quote.high = high;
    if (low) quote.low = low;
    if (volume) quote.volume = volume;
    result.indicators.quote = [quote];
  }
  if (series.dividends.length > 0 || series.splits.length > 0) {
    result.events = {};
    if (series.dividends.length > 0) {
      result.events.dividends = Object.fromEntries(
        series.dividends.map((event) => [String(event.dateSeconds), { amount: event.amount, date: event.dateSeconds }]),
      );
    }
    if (series.splits.length > 0) {
      result.events.splits = Object.fromEntries(
        series.splits.map((event) => [
          String(event.dateSeconds),
          {
            date: event.dateSeconds,
            numerator: event.numerator,
            denominator: event.denominator,
            splitRatio: `${event.numerator}:${event.denominator}`,
          },
        ]),
      );
    }
  }
  return { chart: { result: [result], error: null } };
}
