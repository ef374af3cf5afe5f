/**
 * What compressing the API's answers costs and saves, on workload L (bench/workloads) and the real
 * server (QUOTES_PROVIDER=files on the workload's charts, as bench:browser serves them). Prints JSON:
 *
 * - `levels`: the L quotes answer's bytes through a node:zlib stream in 64 KB pieces, as the server
 *   compresses it, at several gzip levels and brotli qualities: bytes, ms to the first compressed byte
 *   and ms to the end (median and worst of the runs);
 * - `http`: the quotes answer (every L symbol, 30 years) and the transactions answer (10,000) over
 *   loopback with `Accept-Encoding` none, gzip and br: bytes on the wire, ms to the first byte, to the
 *   last byte and to the decoded end (the client inflating as the bytes arrive, as a browser does).
 *
 *   npx tsx bench/api-compression.bench.ts               # 5 runs each
 *   npx tsx bench/api-compression.bench.ts --runs 3 --out var/bench/api-compression.json
 */
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../server/http/compress-answers';
import { signIn } from '../tests/helpers/oidc-login';
import { startTestServer } from '../tests/helpers/test-server';
import { currentTransactionsEtag } from '../tests/helpers/transactions-client';
import { writeMarketFolder } from './browser/market-files';
import { makeWorkload } from './workloads/make-workload';

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '5' }, out: { type: 'string' } } });
const runs = Number(options.runs);
const log = (message: string) => process.stderr.write(`${message}\n`);

interface Stat {
  median: number;
  worst: number;
}

function stat(values: number[], higherIsWorse = true): Stat {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    median: round(sorted[sorted.length >> 1]!),
    worst: round(higherIsWorse ? sorted[sorted.length - 1]! : sorted[0]!),
  };
}

type Coding = { name: string; create: () => zlib.Gzip | zlib.BrotliCompress };

const CODINGS: Coding[] = [
  ...[1, 4, 6, 9].map((level) => ({ name: `gzip ${level}`, create: () => zlib.createGzip({ level }) })),
  ...[1, 2, 3, 4, 5, 6, 9].map((quality) => ({
    name: `br ${quality}`,
    create: () =>
      zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
  })),
];

/** One pass of `bytes` through a compressor in 64 KB pieces: output bytes, ms to its first byte and to its end. */
function compressOnce(bytes: Buffer, coding: Coding): Promise<{ bytes: number; firstMs: number; endMs: number }> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const compressor = coding.create();
    let out = 0;
    let firstMs = Number.NaN;
    compressor.on('data', (piece: Buffer) => {
      if (out === 0) firstMs = performance.now() - startedAt;
      out += piece.length;
    });
    compressor.on('end', () => resolve({ bytes: out, firstMs, endMs: performance.now() - startedAt }));
    compressor.on('error', reject);
    (async () => {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
        if (!compressor.write(bytes.subarray(offset, offset + 64 * 1024)))
          await new Promise((r) => compressor.once('drain', r));
      }
      compressor.end();
    })().catch(reject);
  });
}

interface Fetched {
  status: number;
  wireBytes: number;
  decodedBytes: number;
  firstByteMs: number;
  lastByteMs: number;
  decodedMs: number;
}

/** A request over a fresh connection; the body inflated as it arrives. */
function fetchOnce(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const request = http.request(url, { method: init.method, headers: init.headers, agent: false }, (response) => {
      const encoding = response.headers['content-encoding'];
      const inflater =
        encoding === 'br' ? zlib.createBrotliDecompress() : encoding === 'gzip' ? zlib.createGunzip() : undefined;
      let wireBytes = 0;
      let decodedBytes = 0;
      let firstByteMs = Number.NaN;
      let lastByteMs = Number.NaN;
      response.on('data', (piece: Buffer) => {
        if (wireBytes === 0) firstByteMs = performance.now() - startedAt;
        wireBytes += piece.length;
        if (inflater) inflater.write(piece);
        else decodedBytes += piece.length;
      });
      const done = () =>
        resolve({
          status: response.statusCode ?? 0,
          wireBytes,
          decodedBytes,
          firstByteMs,
          lastByteMs,
          decodedMs: performance.now() - startedAt,
        });
      inflater?.on('data', (piece: Buffer) => (decodedBytes += piece.length));
      inflater?.on('end', done);
      inflater?.on('error', reject);
      response.on('end', () => {
        lastByteMs = performance.now() - startedAt;
        if (inflater) inflater.end();
        else done();
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

function summarize(samples: Fetched[]) {
  return {
    wireBytes: samples[0]!.wireBytes,
    decodedBytes: samples[0]!.decodedBytes,
    firstByteMs: stat(samples.map((s) => s.firstByteMs)),
    lastByteMs: stat(samples.map((s) => s.lastByteMs)),
    decodedMs: stat(samples.map((s) => s.decodedMs)),
  };
}

const loadBefore = loadavg();
const workload = makeWorkload('L');
const market = writeMarketFolder(workload.charts);
const server = await startTestServer({ MARKET_DATA_DIR: market.dir });
try {
  const { idToken } = await signIn(server.url, {
    username: 'bench-compression',
    password: 'bench-compression-password',
    createAccount: true,
  });
  const put = await fetch(`${server.url}/api/transactions`, {
    method: 'PUT',
    headers: {
      Authorization: idToken,
      'Content-Type': 'application/json',
      'If-Match': await currentTransactionsEtag(server.url, idToken),
    },
    body: JSON.stringify({ transactions: workload.transactions }),
  });
  if (!put.ok) throw new Error(`Seeding failed: ${put.status}`);
  const endSeconds = Math.floor(Date.parse(`${workload.asOf}T23:59:59Z`) / 1000);
  const quotesInit = (acceptEncoding: string | undefined) => ({
    method: 'POST',
    headers: {
      Authorization: idToken,
      'Content-Type': 'application/json',
      ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
    },
    body: JSON.stringify({ symbols: market.symbols, start: endSeconds - 31 * 365 * 86_400, end: endSeconds }),
  });
  const transactionsInit = (acceptEncoding: string | undefined) => ({
    method: 'GET',
    headers: { Authorization: idToken, ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) },
  });

  const httpFigures: Record<string, Record<string, ReturnType<typeof summarize>>> = {};
  for (const [answer, path, init] of [
    ['quotes', '/api/quotes', quotesInit],
    ['transactions', '/api/transactions', transactionsInit],
  ] as const) {
    httpFigures[answer] = {};
    for (const acceptEncoding of [undefined, 'gzip', 'br']) {
      const name = acceptEncoding ?? 'none';
      log(`http ${answer} ${name} (load average ${loadavg()[0]!.toFixed(2)})`);
      await fetchOnce(`${server.url}${path}`, init(acceptEncoding)); // warm-up: caches, JIT
      const samples: Fetched[] = [];
      for (let run = 0; run < runs; run += 1)
        samples.push(await fetchOnce(`${server.url}${path}`, init(acceptEncoding)));
      if (samples.some((s) => s.status !== 200))
        throw new Error(`${answer} ${name}: status ${samples.map((s) => s.status).join(', ')}`);
      httpFigures[answer]![name] = summarize(samples);
    }
  }

  const plain = Buffer.from(await (await fetch(`${server.url}/api/quotes`, quotesInit(undefined))).arrayBuffer());
  const levels: Record<string, { bytes: number; firstByteMs: Stat; endMs: Stat }> = {};
  for (const coding of CODINGS) {
    log(`level ${coding.name} (load average ${loadavg()[0]!.toFixed(2)})`);
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await compressOnce(plain, coding));
    levels[coding.name] = {
      bytes: samples[0]!.bytes,
      firstByteMs: stat(samples.map((s) => s.firstMs)),
      endMs: stat(samples.map((s) => s.endMs)),
    };
  }

  const report = {
    machine: {
      cpus: cpus().length,
      loadAverageBefore: loadBefore.map((x) => +x.toFixed(2)),
      loadAverageAfter: loadavg().map((x) => +x.toFixed(2)),
    },
    runs,
    served: { brotliQuality: BROTLI_QUALITY, gzipLevel: GZIP_LEVEL },
    quotesAnswerBytes: plain.length,
    http: httpFigures,
    levels,
  };
  const json = `${JSON.stringify(report, null, 2)}\n`;
  process.stdout.write(json);
  if (options.out) {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, json);
  }
} finally {
  await server.close();
  market.remove();
}
