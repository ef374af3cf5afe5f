/**
 * A JSON body that `boundedJsonBodies` (body-limits.ts) read and scanned, handed on to the route: as the
 * request's body again (`c.req.text()`, `c.req.json()` read it), and as its text, decoded once there, for
 * `scannedBodyText`, so the route's read goes through no web stream and no second decode.
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * The scanned bytes as the request's body, and their text decoded as the Fetch API's UTF-8 decode does
 * (`c.req.text()`): a leading byte order mark dropped, a malformed sequence read as U+FFFD.
 */
export function handOnScannedBody(c: Context<AppEnv>, bytes: Buffer<ArrayBuffer>): void {
  c.req.raw = new Request(c.req.raw, { body: bytes });
  const bom = bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2];
  c.set('scannedBodyText', (bom ? bytes.subarray(3) : bytes).toString('utf8'));
}

/** The request body's text: as `boundedJsonBodies` decoded it, else read from the request. */
export function scannedBodyText(c: Context<AppEnv>): Promise<string> {
  const text = c.get('scannedBodyText');
  return text === undefined ? c.req.text() : Promise.resolve(text);
}
