/**
 * `npm run bench:import`: a generated 100,000-row DEGIRO export, imported on the main thread and inside a
 * `worker_threads` Worker (as the app does in its web worker). Prints JSON: rows/s of parse-and-classify
 * (CSV records → classified rows) and of the whole import (with dividend netting, currency conversions,
 * ids and tickers), from a string and from a Blob read in slices.
 */
import { availableParallelism, loadavg } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { parseDegiroExport } from '../src/worker/import';
import { readHeader } from '../src/worker/import/header';
import { RecordReader } from '../src/worker/import/records';
import { RowBuilder } from '../src/worker/import/rows';
import { generateExport } from '../tests/helpers/import/export-generator';

const ROWS = 100_000;
const RUNS = 7;
const TARGET_ROWS_PER_SECOND = 200_000;

interface Timing {
  medianMs: number;
  bestMs: number;
  rowsPerSecond: number;
}

type Timings = Record<'parseAndClassify' | 'importFromString' | 'importFromBlob', Timing>;

/** CSV records → classified rows, the first stage of the import (the same code, without the assembly). */
function parseAndClassify(text: string): number {
  const header = readHeader(text.slice(0, text.indexOf('\n')));
  if (!header.ok) throw new Error(header.error);
  if (!('header' in header)) throw new Error('the benchmark statement is an Account.csv');
  const reader = new RecordReader(header.header.delimiter);
  const builder = new RowBuilder(header.header);
  let rows = 0;
  const chunk = 1 << 18;
  for (let at = 0; at <= text.length; at += chunk) {
    const records = reader.push(text.slice(at, at + chunk), at + chunk > text.length);
    for (const record of records) builder.vote(record);
    for (const record of records) if (builder.build(record).classification) rows += 1;
  }
  return rows - 1;
}

async function time(rows: number, run: () => unknown): Promise<Timing> {
  for (let i = 0; i < 2; i++) await run();
  const durations: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  const medianMs = durations[Math.floor(durations.length / 2)]!;
  return {
    medianMs: Math.round(medianMs),
    bestMs: Math.round(durations[0]!),
    rowsPerSecond: Math.round((rows / medianMs) * 1000),
  };
}

async function measure(seed: number): Promise<{ rows: number; bytes: number; timings: Timings }> {
  const { text, expected } = generateExport(ROWS, seed);
  const blob = new Blob([text]);
  const check = await parseDegiroExport(text);
  if (check.counts.lines !== expected.dataLines || check.counts.unrecognised !== 0)
    throw new Error('the generated export did not import cleanly');
  const rows = expected.dataLines;
  return {
    rows,
    bytes: blob.size,
    timings: {
      parseAndClassify: await time(rows, () => parseAndClassify(text)),
      importFromString: await time(rows, () => parseDegiroExport(text)),
      importFromBlob: await time(rows, () => parseDegiroExport(blob)),
    },
  };
}

function inWorker(seed: number): Promise<Timings> {
  return new Promise((resolve, reject) => {
    // The worker runs this same file; tsx's loader hooks are registered in the worker before it is imported.
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: { seed } });
    worker.once('message', (timings: Timings) => resolve(timings));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`the benchmark worker exited with ${code}`)),
    );
  });
}

if (isMainThread) {
  const seed = 42;
  const main = await measure(seed);
  let worker: Timings | { error: string };
  try {
    worker = await inWorker(seed);
  } catch (error) {
    worker = { error: error instanceof Error ? error.message : String(error) };
  }
  const meetsTarget = (t: Timing) => t.rowsPerSecond >= TARGET_ROWS_PER_SECOND;
  const report = {
    benchmark: 'degiro-import',
    rows: main.rows,
    bytes: main.bytes,
    runs: RUNS,
    targetRowsPerSecond: TARGET_ROWS_PER_SECOND,
    mainThread: main.timings,
    workerThread: worker,
    parseAndClassifyMeetsTarget:
      meetsTarget(main.timings.parseAndClassify) && ('error' in worker || meetsTarget(worker.parseAndClassify)),
    wholeImportMeetsTarget:
      meetsTarget(main.timings.importFromBlob) && ('error' in worker || meetsTarget(worker.importFromBlob)),
    machine: {
      node: process.version,
      cpus: availableParallelism(),
      loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
    },
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} else {
  const { seed } = workerData as { seed: number };
  parentPort!.postMessage((await measure(seed)).timings);
}
