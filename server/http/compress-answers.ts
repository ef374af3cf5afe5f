/**
 * The API's JSON answers compressed as they stream out: brotli or gzip by `Accept-Encoding` (the same
 * negotiation as the static files), through node:zlib streams, whose work runs on libuv's thread pool in
 * pieces, so a large answer neither waits to be compressed whole nor holds up the event loop (`/healthz`
 * answers meanwhile). A large answer sent compressed has no Content-Length (it goes chunked).
 *
 * Left as they are: HEAD, 1xx/204/206/304, an answer already encoded or marked `no-transform`, one that
 * is not JSON or text, and one under MIN_COMPRESS_BYTES (read to its end before deciding, so its
 * Content-Length stays right). Every JSON or text answer says `Vary: Accept-Encoding`.
 *
 * An answer of at most ONE_SHOT_MAX_BYTES (a transaction set of a few thousand rows, settings, symbols)
 * is compressed whole in one call, still on the thread pool, and goes out with its Content-Length: the
 * stream's machinery (a Node stream, then a web stream, per answer) cost more than the compression itself
 * at that size (`npm run bench:load`). Only a larger answer streams.
 *
 * An answer a route made from text it held (`text-answer.ts`: the transactions' GET and PUT) is compressed
 * from that text, never read back out of the answer's web stream; and a user's one-shot answer whose bytes
 * are those of their last one in the same coding is not compressed again (`compressed-answer-cache.ts`).
 * An answer in bytes a route held (the quotes in columns: a few MB that compress in tens of ms, where
 * the same answer in JSON took hundreds) is compressed whole up to BYTES_ONE_SHOT_MAX_BYTES: a stream's
 * pieces cost more than the compression, and the client reads none of it before its end. It is not
 * kept in that cache, which keeps room for the answers a user asks for again (a set after its PUT).
 *
 * ETags are kept: ours name a version of the stored data (`"v3"`, which a PUT's If-Match sends back),
 * and the answers that carry one are `no-store`, so no cache can hand one coding's bytes for another.
 */
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { negotiateEncoding, type Encoding } from './accept-encoding';
import type { AppEnv } from './app-env';
import { createCompressedAnswerCache, type CompressedAnswerCache } from './compressed-answer-cache';
import { answerTextOf } from './text-answer';

/** Below this an answer fits one packet or two and compressing it saves no time. */
export const MIN_COMPRESS_BYTES = 1024;
/**
 * Brotli quality 3 and gzip level 1, measured on workload L's quotes answer (8.2 MB of JSON;
 * `bench/api-compression.bench.ts`): quality 3 gives 1.65 MB in less than half of quality 4's time, and
 * emits its first bytes at once, where quality 4 and above hold theirs until a block of several MB is
 * done (the whole answer here); quality 5 saves 5 % more for five to eight times the work. Gzip level 1 is
 * 10 % larger than level 6 for a fifth to a half of its time; every current browser asks for brotli anyway.
 */
export const BROTLI_QUALITY = 3;
export const GZIP_LEVEL = 1;
/**
 * Input handed to the compressor at a time: a whole answer is one string in memory (c.json), and
 * slicing it lets the compressor's output, and the socket's backpressure, pace the work.
 */
const SLICE_BYTES = 64 * 1024;
/** Up to this size an answer is compressed whole (a few milliseconds of work on the thread pool); above it, streamed. */
export const ONE_SHOT_MAX_BYTES = 1024 * 1024;
/** Up to this size an answer in bytes (`bytesAnswer`) is compressed whole: XL's quotes answer, 2.9 MB a request, in about 20 ms. */
export const BYTES_ONE_SHOT_MAX_BYTES = 16 * 1024 * 1024;
/** JSON, text, and our own binary answers (the quotes' columns, `src/model/quote-columns-binary.ts`). */
const COMPRESSIBLE_TYPE = /^\s*(application\/([\w.-]+\+)?json|text\/|application\/vnd\.investments-tracker\.)/i;
const UNCOMPRESSIBLE_STATUS = new Set([204, 206, 304]);

export function compressAnswers(
  cache: CompressedAnswerCache = createCompressedAnswerCache(),
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const answer = c.res;
    // Asked before the body: reading `answer.body` turns text into a web stream, which the fast path skips.
    const text = answerTextOf(c);
    if (c.req.method === 'HEAD' || answer.status < 200 || UNCOMPRESSIBLE_STATUS.has(answer.status)) return;
    if (answer.headers.has('content-encoding') || /\bno-transform\b/i.test(answer.headers.get('cache-control') ?? ''))
      return;
    if (!COMPRESSIBLE_TYPE.test(answer.headers.get('content-type') ?? '')) return;
    if (text === undefined && answer.body === null) return;
    const headers = new Headers(answer.headers);
    addVary(headers);
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    // Nothing to compress: the answer goes as it is, its text never turned into bytes here.
    if (!encoding) {
      answer.headers.set('Vary', headers.get('vary')!);
      return;
    }
    const declaredLength = headers.get('content-length');
    const textBytes =
      text === undefined
        ? undefined
        : typeof text === 'string'
          ? Buffer.from(text)
          : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
    const length = textBytes?.byteLength ?? (declaredLength === null ? undefined : Number(declaredLength));
    if (length !== undefined && length < MIN_COMPRESS_BYTES) {
      answer.headers.set('Vary', headers.get('vary')!);
      return;
    }

    let whole: Buffer | undefined;
    let rest: Iterable<Uint8Array> | AsyncIterable<Uint8Array> | undefined;
    const bytesAnswer = text instanceof Uint8Array;
    if (textBytes) {
      if (textBytes.byteLength <= (bytesAnswer ? BYTES_ONE_SHOT_MAX_BYTES : ONE_SHOT_MAX_BYTES)) whole = textBytes;
      else rest = sliced(textBytes);
    } else {
      const reader = answer.body!.getReader();
      const head = await readAtLeast(reader, MIN_COMPRESS_BYTES);
      if (head.done) {
        // Under MIN_COMPRESS_BYTES after all: as it is, with its Vary.
        c.res = undefined;
        c.res = new Response(new Uint8Array(Buffer.concat(head.chunks)), {
          status: answer.status,
          statusText: answer.statusText,
          headers,
        });
        return;
      }
      if ((await readRestUpTo(reader, head, ONE_SHOT_MAX_BYTES)).done) whole = Buffer.concat(head.chunks);
      else rest = slices(head.chunks, reader);
    }
    let sent: ConstructorParameters<typeof Response>[0];
    if (whole) {
      const user = c.get('user');
      const compressed =
        user && !bytesAnswer
          ? await cache.compressed(user.sub, encoding, whole, (bytes) => compressWhole(encoding, bytes))
          : await compressWhole(encoding, whole);
      // A copy of tens of KB: the answer's body must own a plain ArrayBuffer (a Buffer may share Node's pool),
      // and a cached buffer must stay the cache's.
      sent = new Uint8Array(compressed);
      headers.set('Content-Length', String(compressed.byteLength));
    } else {
      const compressor = createCompressor(encoding, length ?? 0);
      // A client gone mid-answer cancels the web stream, which destroys the compressor, which ends the source.
      pipeline(Readable.from(rest!), compressor, () => undefined);
      sent = Readable.toWeb(compressor) as WebReadableStream<Uint8Array> as unknown as ReadableStream<Uint8Array>;
      headers.delete('content-length');
    }
    headers.set('Content-Encoding', encoding);
    // Unset first: assigning over an answer would copy its headers (Content-Length among them) back in.
    c.res = undefined;
    c.res = new Response(sent, { status: answer.status, statusText: answer.statusText, headers });
  };
}

function addVary(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(\*|accept-encoding)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

function brotliParams(sizeHintBytes: number): Record<number, number> {
  return {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    ...(sizeHintBytes > 0 ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHintBytes } : {}),
  };
}

function createCompressor(encoding: Encoding, sizeHintBytes: number): zlib.BrotliCompress | zlib.Gzip {
  if (encoding === 'gzip') return zlib.createGzip({ level: GZIP_LEVEL });
  return zlib.createBrotliCompress({ params: brotliParams(sizeHintBytes) });
}

/** The whole answer compressed in one call on libuv's thread pool (the event loop goes on meanwhile). */
function compressWhole(encoding: Encoding, bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'gzip') zlib.gzip(bytes, { level: GZIP_LEVEL }, done);
    else zlib.brotliCompress(bytes, { params: brotliParams(bytes.byteLength) }, done);
  });
}

interface Head {
  chunks: Uint8Array[];
  done: boolean;
}

async function readAtLeast(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number): Promise<Head> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total < bytes) {
    const { done, value } = await reader.read();
    if (done) return { chunks, done: true };
    chunks.push(value);
    total += value.byteLength;
  }
  return { chunks, done: false };
}

/** Reads on into `head` until the answer ends or `head` holds more than `maxBytes`; `head.done` says which. */
async function readRestUpTo(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  head: Head,
  maxBytes: number,
): Promise<Head> {
  let total = head.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  while (total <= maxBytes) {
    const { done, value } = await reader.read();
    if (done) {
      head.done = true;
      return head;
    }
    head.chunks.push(value);
    total += value.byteLength;
  }
  return head;
}

/** The answer's bytes, what was read already first, in pieces of at most SLICE_BYTES. */
async function* slices(
  head: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  try {
    for (const chunk of head) yield* sliced(chunk);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield* sliced(value);
    }
  } finally {
    // Ended early (the client went away): the answer's own stream is told so too.
    reader.cancel().catch(() => undefined);
  }
}

function* sliced(chunk: Uint8Array): Generator<Uint8Array> {
  for (let offset = 0; offset < chunk.byteLength; offset += SLICE_BYTES)
    yield chunk.subarray(offset, offset + SLICE_BYTES);
}
