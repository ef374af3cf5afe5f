/**
 * A small JSON write body, read the same way by every JSON write route: a size limit (413), JSON only
 * (415), valid JSON (400). Each refusal ends with what the route did not do (`nothing was saved.`).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './app-env';

/** The body limit, answering 413 `{message, issues: []}`. */
export function jsonBodyLimit(maxBytes: number, message: string): MiddlewareHandler<AppEnv> {
  return bodyLimit({ maxSize: maxBytes, onError: (c) => c.json({ message, issues: [] }, 413) });
}

/** The parsed body, or the 415/400 answer to send instead. */
export async function readJsonBody(c: Context<AppEnv>, what: string, outcome: string): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
    return { ok: false, response: c.json({ message: `Send ${what} as application/json.`, issues: [] }, 415) };
  }
  try {
    return { ok: true, body: JSON.parse(await c.req.text()) as unknown };
  } catch {
    return { ok: false, response: c.json({ message: `The request body is not valid JSON; ${outcome}`, issues: [] }, 400) };
  }
}
