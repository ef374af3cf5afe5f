/**
 * The API's answers compressed, on the real server over HTTP (node:http, so the test sees the bytes on
 * the wire): workload L's quotes answer (about 6 MB of JSON; in bytes, `format: "binary"`, about 1.5 MB) and
 * its transactions (about 1 MB) asked for with `Accept-Encoding: br`, `gzip` and none decode to the same
 * bytes, with the right headers (the answer in bytes compressed whole, with its length); a
 * large answer streams (chunked, no Content-Length, its first bytes before its end); `/healthz` answers
 * while one is compressed; small answers and HEAD are left alone.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMarketFolder, type MarketFolder } from '#bench/browser/market-files';
import { makeWorkload } from '#bench/workloads/make-workload';
import { signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { currentTransactionsEtag } from '#helpers/transactions-client';
import { BYTES_ONE_SHOT_MAX_BYTES, ONE_SHOT_MAX_BYTES } from '#server/http/compress-answers';
import { QUOTE_COLUMNS_TYPE } from '#src/model/quote-columns-binary';
import { readQuoteColumns } from '#src/worker/services/quotes-api';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire (compressed when Content-Encoding says so). */
  wire: Buffer;
  /** How many pieces the body arrived in, and ms from the request to the first and to the last. */
  chunks: number;
  firstByteMs: number;
  lastByteMs: number;
}

interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  onFirstByte?: () => void;
}

function rawRequest(url: string, options: RawRequest = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (response) => {
        const pieces: Buffer[] = [];
        let firstByteMs = Number.NaN;
        response.on('data', (piece: Buffer) => {
          if (pieces.length === 0) {
            firstByteMs = performance.now() - startedAt;
            options.onFirstByte?.();
          }
          pieces.push(piece);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            wire: Buffer.concat(pieces),
            chunks: pieces.length,
            firstByteMs,
            lastByteMs: performance.now() - startedAt,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.wire);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.wire);
  if (encoding === undefined) return answer.wire;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

describe('API answers compressed by Accept-Encoding, streamed', () => {
  let server: TestServer;
  let market: MarketFolder;
  let idToken: string;
  let quotesBody: string;

  beforeAll(async () => {
    const workload = makeWorkload('L');
    market = writeMarketFolder(workload.charts);
    server = await startTestServer({ MARKET_DATA_DIR: market.dir });
    ({ idToken } = await signIn(server.url, {
      username: 'compressed',
      password: 'compressed-password',
      createAccount: true,
    }));
    const put = await fetch(`${server.url}/api/transactions`, {
      method: 'PUT',
      headers: {
        Authorization: idToken,
        'Content-Type': 'application/json',
        'If-Match': await currentTransactionsEtag(server.url, idToken),
      },
      body: JSON.stringify({ transactions: workload.transactions }),
    });
    expect(put.status).toBe(200);
    const endSeconds = Math.floor(Date.parse('2025-01-01') / 1000);
    quotesBody = JSON.stringify({
      symbols: market.symbols.slice(0, 100),
      start: endSeconds - 31 * 365 * 86_400,
      end: endSeconds,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    market?.remove();
  });

  const quotes = (acceptEncoding?: string, onFirstByte?: () => void) =>
    rawRequest(`${server.url}/api/quotes`, {
      method: 'POST',
      onFirstByte,
      headers: {
        Authorization: idToken,
        'Content-Type': 'application/json',
        ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
      },
      body: quotesBody,
    });
  const quotesInColumns = (acceptEncoding?: string) =>
    rawRequest(`${server.url}/api/quotes`, {
      method: 'POST',
      headers: {
        Authorization: idToken,
        'Content-Type': 'application/json',
        ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
      },
      body: JSON.stringify({ ...(JSON.parse(quotesBody) as object), closes: 'deltas', format: 'binary' }),
    });
  const transactions = (acceptEncoding?: string, method = 'GET') =>
    rawRequest(`${server.url}/api/transactions`, {
      method,
      headers: { Authorization: idToken, ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) },
    });

  /** Each answer, its content type, and that its plain bytes read as such an answer. */
  const readJson = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as unknown;
  const readColumns = (bytes: Buffer) => readQuoteColumns(new Uint8Array(bytes));
  for (const [name, ask, type, read] of [
    ['quotes', quotes, /^application\/json/, readJson],
    ['quotes in columns', quotesInColumns, new RegExp(`^${QUOTE_COLUMNS_TYPE}$`), readColumns],
    ['transactions', transactions, /^application\/json/, readJson],
  ] as const) {
    it(`sends the ${name} answer as brotli, gzip or as it is, decoding to the same bytes`, async () => {
      const plain = await ask();
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.headers['content-type']).toMatch(type);
      expect(plain.wire.length).toBeGreaterThan(900_000);
      expect(plain.headers['content-length']).toBe(String(plain.wire.length));
      expect(() => read(plain.wire)).not.toThrow();

      for (const [acceptEncoding, expected] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br, zstd', 'br'],
        ['br;q=0, gzip;q=0.5', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const answer = await ask(acceptEncoding);
        expect(answer.status, acceptEncoding).toBe(200);
        expect(answer.headers['content-encoding'], acceptEncoding).toBe(expected);
        expect(answer.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
        expect(answer.headers['content-type'], acceptEncoding).toBe(plain.headers['content-type']);
        // An answer in bytes is compressed whole up to a larger size than a JSON one.
        const oneShotMax = name === 'quotes in columns' ? BYTES_ONE_SHOT_MAX_BYTES : ONE_SHOT_MAX_BYTES;
        if (expected && plain.wire.length > oneShotMax) {
          // Streamed as it is compressed.
          expect(answer.headers['content-length'], acceptEncoding).toBeUndefined();
          expect(answer.headers['transfer-encoding'], acceptEncoding).toBe('chunked');
        } else if (expected) {
          // Compressed whole, with its length.
          expect(answer.headers['content-length'], acceptEncoding).toBe(String(answer.wire.length));
          expect(answer.headers['transfer-encoding'], acceptEncoding).toBeUndefined();
        }
        // Varints compress less than JSON text: their bytes are fewer to start with.
        const ratio = name === 'quotes in columns' ? 0.75 : 0.5;
        if (expected) expect(answer.wire.length, acceptEncoding).toBeLessThan(plain.wire.length * ratio);
        expect(decoded(answer).equals(plain.wire), acceptEncoding).toBe(true);
        if (name === 'transactions') expect(answer.headers.etag, acceptEncoding).toBe(plain.headers.etag);
      }
    }, 120_000);
  }

  it('streams a large answer: chunked, its first bytes before its last', async () => {
    const answer = await quotes('br');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(answer.chunks).toBeGreaterThan(1);
    expect(answer.firstByteMs).toBeLessThan(answer.lastByteMs);
  }, 60_000);

  it('answers /healthz while a large answer is being compressed', async () => {
    // Asked for when the first compressed bytes arrive: the answer is built, its compression under way.
    let health: Promise<RawAnswer> | undefined;
    const large = await quotes('br', () => (health = rawRequest(`${server.url}/healthz`)));
    const healthAnswer = await health!;
    expect(large.status).toBe(200);
    expect(healthAnswer.status).toBe(200);
    const figures = `healthz ${healthAnswer.lastByteMs.toFixed(1)} ms; quotes' first byte ${large.firstByteMs.toFixed(0)} ms, last ${large.lastByteMs.toFixed(0)} ms`;
    // The compressor works on libuv's thread pool in pieces: the event loop stays free for other requests.
    expect(healthAnswer.lastByteMs, figures).toBeLessThan(large.lastByteMs - large.firstByteMs);
  }, 60_000);

  it('stops compressing for a client gone mid-answer, and serves the next one', async () => {
    const gone = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/quotes`,
        {
          method: 'POST',
          agent: false,
          headers: { Authorization: idToken, 'Content-Type': 'application/json', 'Accept-Encoding': 'br' },
        },
        (response) => {
          response.once('data', () => {
            request.destroy();
            resolve(response.statusCode ?? 0);
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
      request.end(quotesBody);
    });
    expect(gone).toBe(200);
    const next = await quotes('gzip');
    expect(next.status).toBe(200);
    expect(JSON.parse(decoded(next).toString('utf8'))).toHaveLength(market.symbols.length);
  }, 60_000);

  it('leaves small answers, HEAD and refusals under the threshold as they are', async () => {
    const config = await rawRequest(`${server.url}/api/config`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(config.status).toBe(200);
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(config.headers['content-length']).toBe(String(config.wire.length));
    expect(config.headers.vary).toMatch(/accept-encoding/i);

    const head = await transactions('br, gzip', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.wire.length).toBe(0);

    const refused = await rawRequest(`${server.url}/api/transactions`, { headers: { 'Accept-Encoding': 'br' } });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('keeps answering on the same connection after a compressed answer', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const ask = () =>
        new Promise<{ status: number; socket: unknown; length: number }>((resolve, reject) => {
          const request = http.get(
            `${server.url}/api/transactions`,
            { agent, headers: { Authorization: idToken, 'Accept-Encoding': 'gzip' } },
            (response) => {
              let length = 0;
              response.on('data', (piece: Buffer) => (length += piece.length));
              response.on('end', () => resolve({ status: response.statusCode ?? 0, socket: request.socket, length }));
            },
          );
          request.on('error', reject);
        });
      const first = await ask();
      const second = await ask();
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.socket).toBe(first.socket);
      expect(second.length).toBe(first.length);
    } finally {
      agent.destroy();
    }
  }, 60_000);
});
