/**
 * Every JSON write of the API is read under its endpoint's limits WHILE it arrives (`json-prescan.ts`):
 * size, nesting depth, containers and elements are checked chunk by chunk before any object is built,
 * and the scan yields to the event loop after every 256 KiB, so a body built to stall the server (10 MiB of
 * `[]`, 400,000 nested `[`) is refused early (413 for too many bytes, containers or elements; 400 for
 * nesting) and `/healthz` keeps answering. A body within its limits is handed on as text: the route's
 * own `JSON.parse` then builds a bounded number of objects.
 *
 * The limits follow what a real body needs: a transaction set is at most MAX_TRANSACTIONS rows of
 * scalars, four deep; a mapping, settings or a symbols request holds a few hundred values at most.
 * Bodies that are not `application/json`, and bodies whose Content-Length alone crosses the size, pass
 * unread: the route answers them (415, or 413 from its own body limit with its own words).
 */
import type { MiddlewareHandler } from 'hono';
import { MAX_REMEMBERED_MAPPINGS } from '../../src/model/csv-mapping';
import { MAX_TRANSACTIONS } from '../../src/model/transaction-limits';
import { MAX_SYMBOLS_BODY_BYTES } from '../symbols/symbols-routes';
import type { AppEnv } from './app-env';
import { MAX_CSV_MAPPING_BODY_BYTES, MAX_CSV_MAPPINGS_RESTORE_BYTES } from '../csv-mappings/csv-mapping-routes';
import { JsonPrescan, type JsonBodyLimits, type JsonLimitCrossed } from './json-prescan';
import { handOnScannedBody } from './scanned-body';
import { MAX_SETTINGS_BODY_BYTES } from '../settings/settings-routes';
import { MAX_JSON_DEPTH } from '../transactions/transactions-body';
import { TRANSACTIONS_BODY_LIMIT_BYTES } from '../transactions/transactions-routes';

/** The limits of a small body: its size bounds its elements, the depth and containers matter. */
const small = (maxBytes: number, maxDepth: number, maxContainers: number): JsonBodyLimits => ({
  maxBytes,
  maxDepth,
  maxContainers,
  maxElements: maxBytes,
});

/** Per `METHOD path` (the path as the app sees it). */
export const JSON_BODY_LIMITS: Readonly<Record<string, JsonBodyLimits>> = {
  // Rows are the only containers beside the envelope; twice MAX_TRANSACTIONS leaves room for the
  // route's own "at most 100000 transactions (this set has …)" answer. A row has fewer than 16 fields.
  'PUT /api/transactions': {
    maxBytes: TRANSACTIONS_BODY_LIMIT_BYTES,
    maxDepth: MAX_JSON_DEPTH,
    maxContainers: 2 * MAX_TRANSACTIONS + 16,
    maxElements: 16 * MAX_TRANSACTIONS,
  },
  'PUT /api/settings': small(MAX_SETTINGS_BODY_BYTES, 4, 64),
  'PUT /api/csv-mappings': small(MAX_CSV_MAPPING_BODY_BYTES, 4, 64),
  'PUT /api/csv-mappings/all': small(MAX_CSV_MAPPINGS_RESTORE_BYTES, 5, 8 * MAX_REMEMBERED_MAPPINGS + 16),
  'POST /api/symbols/resolve': small(MAX_SYMBOLS_BODY_BYTES, 4, 1024),
  'PUT /api/symbols/choices': small(MAX_SYMBOLS_BODY_BYTES, 4, 1024),
  'POST /api/quotes': small(16 * 1024, 4, 1024),
  'DELETE /api/account': small(4096, 4, 16),
};

function refusal(
  crossed: JsonLimitCrossed,
  limits: JsonBodyLimits,
  route: string,
): { status: 400 | 413; message: string } {
  switch (crossed) {
    case 'bytes':
      return {
        status: 413,
        message: `The body is larger than ${sizeText(limits.maxBytes)} (${route} takes at most that); nothing was saved.`,
      };
    case 'depth':
      return {
        status: 400,
        message: `The body nests arrays or objects more than ${limits.maxDepth} deep (${route} never needs more); nothing was saved.`,
      };
    case 'containers':
      return {
        status: 413,
        message: `The body holds more than ${limits.maxContainers} arrays and objects (${route} takes at most that); nothing was saved.`,
      };
    case 'elements':
      return {
        status: 413,
        message: `The body holds more than ${limits.maxElements} array items and object members (${route} takes at most that); nothing was saved.`,
      };
  }
}

/** Scanning this much takes a few milliseconds. */
const YIELD_EVERY_BYTES = 256 * 1024;

const sizeText = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`);

const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

/** Reads and discards what is left of a refused body that announced its length, so the connection lives on. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
    }
  } catch {
    // The client went away: nothing to discard.
  }
}

/** The middleware for `/api/*`: scans a JSON write body under its endpoint's limits, or answers the refusal. */
export function boundedJsonBodies(
  limitsOf: (route: string) => JsonBodyLimits | undefined = (route) => JSON_BODY_LIMITS[route],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const route = `${c.req.method} ${c.req.path.replace(/\/+$/, '') || '/'}`;
    const limits = limitsOf(route);
    const body = c.req.raw.body;
    if (!limits || !body || !isJson(c.req.header('content-type'))) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > limits.maxBytes) return next();

    const scan = new JsonPrescan(limits);
    const chunks: Uint8Array[] = [];
    const reader = body.getReader();
    let sinceYield = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const crossed = scan.feed(value);
      if (crossed) {
        // With a length, the rest is bounded by maxBytes: read it so the answer reaches the client on a
        // live connection. Without one (chunked), stop reading (close-after-unread-body.ts says close).
        if (declared !== undefined) await discardRest(reader);
        else await reader.cancel().catch(() => undefined);
        const { status, message } = refusal(crossed, limits, route);
        return c.json({ message, issues: [] }, status);
      }
      chunks.push(value);
      // Chunks already received are handed over without a turn of the event loop in between: give one
      // every YIELD_EVERY_BYTES (a millisecond or two of scanning), not per chunk, which would queue every ordinary
      // save behind all other work once per chunk under load.
      sinceYield += value.length;
      if (sinceYield >= YIELD_EVERY_BYTES) {
        sinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    handOnScannedBody(c, Buffer.concat(chunks));
    c.set('jsonDepthScanned', limits.maxDepth);
    return next();
  };
}
