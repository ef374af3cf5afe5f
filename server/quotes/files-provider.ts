/**
 * Recorded charts for offline use: `marketDataDir/{symbol}.json` holds one v8 chart JSON per symbol,
 * sliced here to the range asked for. A file whose `meta.dataSource` is `sample` was (partly) generated
 * by `scripts/generate-market-data.ts`; its `meta.recordedRanges` lists the spans that are real
 * recordings, so a slice that lies wholly inside one is marked `files`, anything else `sample`. A file
 * is parsed once and read again when it changed on disk (a new recording, `npm run market:generate`).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { QuoteDataSource } from '../../src/model/quotes';
import { parseChart } from './chart-json';
import { sliceSeries, type QuoteSeries } from './series';
import { lastSecondsOf, SeriesMemo } from './series-memo';

/** A span of real recorded bars inside a sample file, unix seconds, both ends included. */
export interface RecordedRange {
  start: number;
  end: number;
}

/**
 * The file name of a symbol's recording: upper-cased, letters, digits, `.`, `-` and `=` kept, any other
 * character percent-encoded (`^GSPC` → `%5EGSPC.json`), so no symbol can name a path outside the folder.
 */
export function marketFileName(symbol: string): string {
  const safe = symbol
    .toUpperCase()
    .replace(
      /[^A-Z0-9.\-=]/g,
      (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    );
  return `${safe}.json`;
}

export type RecordedResult =
  { ok: true; series: QuoteSeries; dataSource: QuoteDataSource } | { ok: false; message: string };

export interface RecordedCharts {
  read(symbol: string, startSeconds: number, endSeconds: number): Promise<RecordedResult>;
}

interface Recording {
  /** Tells this parse from every other (the memo's version of its slices). */
  id: number;
  /** The file's modification time when it was parsed. */
  mtimeMs: number;
  series: QuoteSeries;
  sample: boolean;
  recordedRanges: RecordedRange[];
}

const sampleMarks = z.object({
  chart: z.object({
    result: z.tuple(
      [
        z.object({
          meta: z.object({
            dataSource: z.string().optional(),
            recordedRanges: z.array(z.object({ start: z.number(), end: z.number() })).optional(),
          }),
        }),
      ],
      z.unknown(),
    ),
  }),
});

export function createFilesProvider(
  marketDataDir: string,
  log: (event: Record<string, unknown>) => void,
): RecordedCharts {
  /** Parsed recordings by file name; a file that is missing is looked for again next time. */
  const loaded = new Map<string, Recording>();
  /** The slices last read, by file and start (`series-memo.ts`): a repeated request gets the same series. */
  const slices = new SeriesMemo();
  let parses = 0;

  async function load(symbol: string): Promise<Recording | string> {
    const fileName = marketFileName(symbol);
    const file = join(marketDataDir, fileName);
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      return `no recorded data for ${symbol}`;
    }
    const known = loaded.get(fileName);
    if (known && known.mtimeMs === mtimeMs) return known;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return `no recorded data for ${symbol}`;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = parseChart(json, symbol);
    if (!parsed.ok) {
      log({ event: 'quotes.recording-unreadable', level: 'error', file: fileName, reason: parsed.reason });
      return `the recording of ${symbol} is unreadable: ${parsed.reason}`;
    }
    const marks = sampleMarks.safeParse(json);
    const meta = marks.success ? marks.data.chart.result[0].meta : {};
    const recording = {
      id: (parses += 1),
      mtimeMs,
      series: parsed.series,
      sample: meta.dataSource === 'sample',
      recordedRanges: meta.recordedRanges ?? [],
    };
    loaded.set(fileName, recording);
    slices.forget(fileName);
    return recording;
  }

  return {
    async read(symbol, startSeconds, endSeconds) {
      const recording = await load(symbol);
      if (typeof recording === 'string') return { ok: false, message: recording };
      const fileName = marketFileName(symbol);
      const version = String(recording.id);
      let series = slices.get(fileName, version, startSeconds, endSeconds);
      if (!series) {
        const fromStart = sliceSeries(recording.series, startSeconds, Number.POSITIVE_INFINITY);
        if (endSeconds >= lastSecondsOf(fromStart)) {
          slices.put(fileName, version, startSeconds, fromStart);
          series = fromStart;
        } else series = sliceSeries(recording.series, startSeconds, endSeconds);
      }
      const { bars } = series;
      const whollyRecorded =
        bars.length > 0 &&
        recording.recordedRanges.some(
          (range) => range.start <= bars[0]!.timestampSeconds && bars[bars.length - 1]!.timestampSeconds <= range.end,
        );
      const dataSource: QuoteDataSource = recording.sample && !whollyRecorded ? 'sample' : 'files';
      return { ok: true, series, dataSource };
    },
  };
}
