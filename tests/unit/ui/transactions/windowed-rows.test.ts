import { describe, expect, it } from 'vitest';
import { tickerSections } from '#src/machines/selectors';
import { groupByTicker, type ListedTransaction, type Transaction } from '#src/model';
import { rowsInView } from '#src/ui/components/windowed-rows';

describe('rowsInView: the rows of a long table near the viewport', () => {
  // 1,000 rows of 30 px; a viewport of 600 px; 600 px of rows kept either side.
  const view = (top: number) => rowsInView(top, 30, 1000, 600, 600);

  it('a table starting below the viewport and its overscan holds no rows', () => {
    expect(view(1300)).toEqual({ start: 0, end: 0 });
  });

  it('a table starting in the viewport holds the rows down to the overscan below it', () => {
    // Rows from y = 100 to y = 1200: (1200 − 100) / 30 → 37 rows (the last one partly).
    expect(view(100)).toEqual({ start: 0, end: 37 });
  });

  it('a table scrolled through holds the rows from the overscan above to the overscan below', () => {
    // The first row is 9,000 px above the viewport's top: rows −600 … 1,200 px around it.
    expect(view(-9000)).toEqual({ start: 280, end: 340 });
  });

  it('a table scrolled past holds no rows, and never more rows than it has', () => {
    expect(view(-40_000)).toEqual({ start: 1000, end: 1000 });
    expect(rowsInView(0, 30, 5, 600, 600)).toEqual({ start: 0, end: 5 });
  });

  it('an empty table, or rows not measured, holds nothing', () => {
    expect(rowsInView(0, 30, 0, 600, 600)).toEqual({ start: 0, end: 0 });
    expect(rowsInView(0, 0, 10, 600, 600)).toEqual({ start: 0, end: 0 });
  });

  it('every row is held at some scroll position, each range is contiguous and within bounds', () => {
    const count = 777;
    const seen = new Uint8Array(count);
    for (let top = 2000; top > -count * 30 - 2000; top -= 450) {
      const { start, end } = rowsInView(top, 30, count, 600, 600);
      expect(start).toBeGreaterThanOrEqual(0);
      expect(end).toBeLessThanOrEqual(count);
      expect(end).toBeGreaterThanOrEqual(start);
      for (let i = start; i < end; i += 1) seen[i] = 1;
    }
    expect(seen.every((held) => held === 1)).toBe(true);
  });
});

describe('tickerSections: the transactions page sections', () => {
  let id = 0;
  const t = (ticker: string, type: Transaction['type'], date: string, value = 1): ListedTransaction => ({
    id: (id += 1),
    type,
    ticker,
    date,
    amount: type === 'stock' ? 2 : 0,
    value,
    currency: 'EUR',
  });

  it('one section per ticker, alphabetical; each list newest first, one day kept in its saved order', () => {
    const groups = tickerSections(
      groupByTicker({
        stock: [
          t('B', 'stock', '2020-01-01', 10),
          t('A', 'stock', '2021-03-01', 1),
          t('A', 'stock', '2022-03-01', 2),
          t('A', 'stock', '2021-03-01', 3),
        ],
        dividend: [t('B', 'dividend', '2019-01-01'), t('B', 'dividend', '2023-01-01')],
        commission: [t('C', 'commission', '2020-05-05')],
      }),
    );
    expect(groups.map((g) => g.ticker)).toEqual(['A', 'B', 'C']);
    expect(groups[0]!.stock.map((row) => [row.transaction.date, row.transaction.value])).toEqual([
      ['2022-03-01', 2],
      ['2021-03-01', 1],
      ['2021-03-01', 3],
    ]);
    expect(groups[0]!.stock[0]!.pricePerShare).toBe(1);
    expect(groups[1]!.dividend.map((d) => d.date)).toEqual(['2023-01-01', '2019-01-01']);
    expect(groups[2]!.commission).toHaveLength(1);
    expect(tickerSections(null)).toEqual([]);
  });

  it('a list oldest first, as the worker sends it, comes out newest first with each day in its saved order', () => {
    const days = ['2020-01-01', '2020-01-01', '2020-02-01', '2020-03-01', '2020-03-01', '2020-03-01', '2021-01-01'];
    const stock = days.map((date, k) => t('A', 'stock', date, k + 1));
    const dividend = days.map((date, k) => t('A', 'dividend', date, k + 1));
    const byTicker = groupByTicker({ stock, dividend, commission: [] });
    const [section] = tickerSections(byTicker);
    const expected = [7, 4, 5, 6, 3, 1, 2];
    expect(section!.stock.map((row) => row.transaction.value)).toEqual(expected);
    expect(section!.dividend.map((d) => d.value)).toEqual(expected);
    expect(
      byTicker.get('A')!.stock.map((row) => row.value),
      'the grouped listing is left as it was',
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
