import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { YahooChart } from '#src/model/quotes';
import { createFilesProvider, marketFileName, type RecordedCharts } from '#server/quotes/files-provider';
import { recordedChart, utc } from '#helpers/quotes/harness';

const muv2 = recordedChart('MUV2.DE-null-close.json');
const muv2Result = muv2.chart.result![0]!;

/** A sample file: MSFT's recording with `recordedRanges` saying that only February 2021 is real. */
const msftSample: YahooChart = structuredClone(recordedChart('MSFT-1y-dividends.recorded.json'));
Object.assign(msftSample.chart.result![0]!.meta, {
  dataSource: 'sample',
  recordedRanges: [{ start: utc('2021-02-01'), end: utc('2021-03-01') }],
});

let files: RecordedCharts;
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'market-'));
  writeFileSync(join(dir, marketFileName('MUV2.DE')), JSON.stringify(muv2));
  writeFileSync(join(dir, marketFileName('MSFT')), JSON.stringify(msftSample));
  writeFileSync(
    join(dir, marketFileName('^GSPC')),
    JSON.stringify({ chart: { result: [{ meta: { symbol: '^GSPC' } }] } }),
  );
  writeFileSync(join(dir, marketFileName('BROKEN')), '{"chart": ');
  files = createFilesProvider(dir, () => {});
});

describe('the files provider', () => {
  it('slices a recording to [start, end], null closes kept, marked files', async () => {
    const start = utc('2017-12-15');
    const end = utc('2018-01-15');
    const read = await files.read('MUV2.DE', start, end);
    if (!read.ok) throw new Error(read.message);
    const expected = muv2Result.timestamp!.filter((t) => t >= start && t <= end);
    expect(read.dataSource).toBe('files');
    expect(read.series.bars.map((bar) => bar.timestampSeconds)).toEqual(expected);
    const firstIndex = muv2Result.timestamp!.indexOf(expected[0]!);
    expect(read.series.bars.map((bar) => bar.close)).toEqual(
      muv2Result.indicators.quote[0]!.close!.slice(firstIndex, firstIndex + expected.length),
    );
    expect(read.series.bars.some((bar) => bar.close === null)).toBe(true);
  });

  it('finds a file whatever the case of the symbol asked', async () => {
    const read = await files.read('muv2.de', utc('2018-01-01'), utc('2018-02-01'));
    expect(read.ok && read.series.bars.length).toBeGreaterThan(15);
  });

  it('marks a slice of a sample file files inside a recorded range and sample outside it', async () => {
    const inside = await files.read('MSFT', utc('2021-02-03'), utc('2021-02-20'));
    const across = await files.read('MSFT', utc('2021-02-03'), utc('2021-04-01'));
    expect(inside.ok && inside.dataSource).toBe('files');
    expect(across.ok && across.dataSource).toBe('sample');
  });

  it('keeps only the events within the slice', async () => {
    const read = await files.read('MSFT', utc('2021-05-01'), utc('2021-09-01'));
    expect(read.ok && read.series.dividends.map((d) => d.amount)).toEqual([0.56, 0.56]);
  });

  it('encodes symbols into safe file names', () => {
    expect(marketFileName('EUR=X')).toBe('EUR=X.json');
    expect(marketFileName('^GSPC')).toBe('%5EGSPC.json');
    expect(marketFileName('brk-b')).toBe('BRK-B.json');
    expect(marketFileName('../../etc/passwd')).toBe('..%2F..%2FETC%2FPASSWD.json');
  });

  it('says so when a symbol has no recording or an unreadable one', async () => {
    expect(await files.read('NOPE', 0, 2 ** 31)).toEqual({ ok: false, message: 'no recorded data for NOPE' });
    expect(await files.read('BROKEN', 0, 2 ** 31)).toEqual({
      ok: false,
      message: expect.stringContaining('recording of BROKEN is unreadable'),
    });
    expect(await files.read('^GSPC', 0, 2 ** 31)).toEqual({
      ok: false,
      message: expect.stringContaining('recording of ^GSPC is unreadable'),
    });
  });
});
