/**
 * A small JSON write body, read the same way by every JSON write route: a size limit (413), JSON only
 * (415), valid JSON (400). Each refusal ends with what the route did not do (`nothing was saved.`).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './app-env';
import { scannedBodyText } from './scanned-body';

/** The body limit, answering 413 `{message, issues: []}`. */
export function jsonBodyLimit(maxBytes: number, message: string): MiddlewareHandler<AppEnv> {
  return bodyLimit({ maxSize: maxBytes, onError: (c) => c.json({ message, issues: [] }, 413) });
}

/** The parsed body, or the 415/400 answer to send instead. */
export async function readJsonBody(
  c: Context<AppEnv>,
  what: string,
  outcome: string,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
    return { ok: false, response: c.json({ message: `Send ${what} as application/json.`, issues: [] }, 415) };
  }
  try {
    return { ok: true, body: JSON.parse(await scannedBodyText(c)) as unknown };
  } catch {
    return {
      ok: false,
      response: c.json({ message: `The request body is not valid JSON; ${outcome}`, issues: [] }, 400),
    };
  }
}

/**
 * The JSON body as an object holding no field but `fields`, or the response that refuses it: 415 or 400
 * as readJsonBody, 400 with `send` (what to send) for anything but an object, and 400 naming a field that
 * is not expected. A missing field reads as undefined, for the route's own check.
 */
export async function readJsonFields<K extends string>(
  c: Context<AppEnv>,
  what: string,
  fields: readonly K[],
  send: string,
): Promise<{ ok: true; fields: Record<K, unknown> } | { ok: false; response: Response }> {
  const outcome = 'nothing was saved.';
  const read = await readJsonBody(c, what, outcome);
  if (!read.ok) return read;
  const body = read.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, response: c.json({ message: `Send ${send}; ${outcome}`, issues: [] }, 400) };
  }
  const extra = Object.keys(body).find((key) => !(fields as readonly string[]).includes(key));
  if (extra !== undefined) {
    const named = extra.slice(0, 40);
    return {
      ok: false,
      response: c.json(
        {
          message: `"${named}" is not expected (send ${fields.join(' and ')}); ${outcome}`,
          issues: [{ path: named, message: 'not expected' }],
        },
        400,
      ),
    };
  }
  return { ok: true, fields: body as Record<K, unknown> };
}
