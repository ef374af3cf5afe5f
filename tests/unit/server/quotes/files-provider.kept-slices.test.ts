/**
 * The files provider keeps the slice it last read per file and start (server/quotes/series-memo.ts): a
 * repeated request whose end cuts nothing off gets the very same series (so the service's columns and
 * validator of it are not computed again); an end that cuts bars off, another start, or the file changed
 * on disk (a corrected close) get what the file holds now.
 */
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { YahooChart } from '#src/model/quotes';
import { createFilesProvider, marketFileName } from '#server/quotes/files-provider';
import { memoColumns } from '#server/quotes/quote-columns';
import { answerFor, validatorOf } from '#server/quotes/quote-revision';
import { SeriesMemo } from '#server/quotes/series-memo';
import { recordedChart, utc } from '#helpers/quotes/harness';

const msft = recordedChart('MSFT-1y-dividends.recorded.json');
const stamps = msft.chart.result![0]!.timestamp!;
const start = utc('2021-03-01');
const farEnd = utc('2030-01-01');

async function read(files: ReturnType<typeof createFilesProvider>, from: number, to: number) {
  const answer = await files.read('MSFT', from, to);
  if (!answer.ok) throw new Error(answer.message);
  return answer;
}

it('hands the same series again while the file stands, and what it holds once it changed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kept-slices-'));
  const file = join(dir, marketFileName('MSFT'));
  writeFileSync(file, JSON.stringify(msft));
  const files = createFilesProvider(dir, () => {});

  const first = await read(files, start, farEnd);
  const again = await read(files, start, farEnd + 86_400);
  expect(again.series).toBe(first.series);
  const entry = memoColumns('MSFT', again.series, again.dataSource);
  expect(memoColumns('MSFT', again.series, again.dataSource)).toBe(entry);
  expect(answerFor(entry, validatorOf(entry))).toEqual({ symbol: 'MSFT', unchanged: true });

  // An end before the last bar, and another start: sliced from the file, not the kept series.
  const cut = await read(files, start, stamps.at(-2)!);
  expect(cut.series.bars.length).toBe(first.series.bars.length - 1);
  const later = await read(files, utc('2021-06-01'), farEnd);
  expect(later.series.bars[0]!.timestampSeconds).toBeGreaterThanOrEqual(utc('2021-06-01'));

  // A close corrected in the file: the next read has it, and the validator of the kept one no longer matches.
  const corrected: YahooChart = structuredClone(msft);
  const closes = corrected.chart.result![0]!.indicators.quote[0]!.close!;
  closes[closes.length - 1] = 99.5;
  writeFileSync(file, JSON.stringify(corrected));
  utimesSync(file, new Date(), new Date(Date.now() + 5_000));
  const now = await read(files, start, farEnd);
  expect(now.series).not.toBe(first.series);
  expect(now.series.bars.at(-1)!.close).toBe(99.5);
  const nowEntry = memoColumns('MSFT', now.series, now.dataSource);
  expect(answerFor(nowEntry, validatorOf(entry))).not.toHaveProperty('unchanged');
});

it('keeps at most its bars, the least recently used series dropped first', () => {
  const memo = new SeriesMemo(10);
  const series = (bars: number) => ({
    meta: {},
    bars: Array.from({ length: bars }, (_, i) => ({
      timestampSeconds: i,
      epochDay: i,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 1,
    })),
    dividends: [],
    splits: [],
  });
  const a = series(4);
  const b = series(4);
  memo.put('A', 'v1', 0, a);
  memo.put('B', 'v1', 0, b);
  expect(memo.get('A', 'v1', 0, 3)).toBe(a);
  expect(memo.get('A', 'v2', 0, 3)).toBeNull();
  expect(memo.get('A', 'v1', 0, 2)).toBeNull();
  memo.put('C', 'v1', 0, series(4));
  // A was used last: B went.
  expect(memo.get('B', 'v1', 0, 3)).toBeNull();
  expect(memo.get('A', 'v1', 0, 3)).toBe(a);
  expect(memo.size()).toEqual({ series: 2, bars: 8 });
  memo.forget('A');
  expect(memo.size()).toEqual({ series: 1, bars: 4 });
});
