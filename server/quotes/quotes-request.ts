/**
 * The body of `POST /api/quotes`, checked before anything reaches a provider: `{symbols, start, end}` or
 * `{symbol, start, end}`, unix seconds in whole numbers, 1970 ≤ start < end ≤ now + 2 days, Yahoo
 * symbols (letters, digits, `.`, `-`, `=`, `^`; at most 20 characters), 1 to 100 of them, no symbol twice
 * (compared without case, as Yahoo does). `rates` (optional, with `symbols`) names the client's base
 * currency: the answer then also carries the exchange rates the quotes' currencies need into it (the
 * rates' series after the symbols asked for), so that one request brings every price. `held` (optional)
 * maps symbols to the validator of the series the client holds (`quote-revision.ts`): symbols asked for
 * and, with `rates`, exchange rates (`…=X`). `closes: "deltas"` (optional) asks for closes as integer deltas
 * at a decimal scale where a series has one (`src/model/closes-encoding.ts`); without it, plain closes.
 * `format: "binary"` (optional, with `symbols`) asks for the answer in bytes
 * (`src/model/quote-columns-binary.ts`), closes as deltas where a scale has them.
 */
import { z } from 'zod';
import { SECONDS_PER_DAY } from '../../src/model/days';
import { TICKER_MAX_LENGTH, TICKER_PATTERN } from '../../src/model/transaction';
import { VALIDATOR_PATTERN } from './quote-revision';

export const MAX_SYMBOLS = 100;

export interface RequestIssue {
  /** Dotted path into the body, `symbols.3`; empty for the body itself. */
  path: string;
  message: string;
}

export type QuotesRequestCheck =
  | {
      ok: true;
      symbols: string[];
      startSeconds: number;
      endSeconds: number;
      single: boolean;
      /** The base currency whose rates the quotes need; null: the symbols asked for alone. */
      rates: string | null;
      /** Symbol → the validator of what the client holds. */
      held: ReadonlyMap<string, string>;
      /** Whether the client reads closes as integer deltas (`closesScale`). */
      deltas: boolean;
      /** Whether the answer goes in bytes (`format: "binary"`, `src/model/quote-columns-binary.ts`). */
      binary: boolean;
    }
  | { ok: false; issues: RequestIssue[] };

const symbol = z
  .string()
  .max(TICKER_MAX_LENGTH, { error: `at most ${TICKER_MAX_LENGTH} characters` })
  .regex(TICKER_PATTERN, { error: 'not a Yahoo symbol (letters, digits, ".", "-", "=", "^")' });
const unixSeconds = z.int({ error: 'unix seconds, a whole number' }).min(0, { error: 'before 1970' });
const held = z
  .record(z.string(), z.string().regex(VALIDATOR_PATTERN, { error: 'not a validator this service gave' }))
  .optional();
const closes = z.literal('deltas', { error: 'only "deltas"' }).optional();
const format = z.literal('binary', { error: 'only "binary"' }).optional();
const range = { start: unixSeconds, end: unixSeconds, held, closes };
const manySchema = z.strictObject({
  symbols: z
    .array(symbol)
    .min(1, { error: 'at least one symbol' })
    .max(MAX_SYMBOLS, { error: `at most ${MAX_SYMBOLS} symbols` }),
  rates: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'an ISO 4217 code, three capital letters' })
    .optional(),
  format,
  ...range,
});
const oneSchema = z.strictObject({ symbol, ...range });

export function checkQuotesRequest(body: unknown, nowSeconds: number): QuotesRequestCheck {
  const single = !(typeof body === 'object' && body !== null && 'symbols' in body);
  const parsed = single ? oneSchema.safeParse(body) : manySchema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    };
  }
  const symbols = 'symbols' in parsed.data ? parsed.data.symbols : [parsed.data.symbol];
  const { start, end } = parsed.data;
  const issues: RequestIssue[] = [];
  if (start >= end) issues.push({ path: 'end', message: 'must be after start' });
  if (end > nowSeconds + 2 * SECONDS_PER_DAY) issues.push({ path: 'end', message: 'more than two days in the future' });
  const firstIndex = new Map<string, number>();
  symbols.forEach((name, index) => {
    const seen = firstIndex.get(name.toUpperCase());
    if (seen === undefined) firstIndex.set(name.toUpperCase(), index);
    else issues.push({ path: `symbols.${index}`, message: `repeats symbols.${seen} (${symbols[seen]})` });
  });
  const asked = new Set(symbols);
  const rates = 'rates' in parsed.data ? (parsed.data.rates ?? null) : null;
  for (const name of Object.keys(parsed.data.held ?? {}))
    if (!asked.has(name) && !(rates !== null && name.endsWith('=X')))
      issues.push({
        path: `held.${name}`,
        message: rates === null ? 'not a symbol asked for' : 'not asked, nor a rate',
      });
  if (issues.length > 0) return { ok: false, issues };
  const heldMap = new Map(Object.entries(parsed.data.held ?? {}));
  const deltas = parsed.data.closes === 'deltas';
  const binary = 'format' in parsed.data && parsed.data.format === 'binary';
  return { ok: true, symbols, startSeconds: start, endSeconds: end, single, rates, held: heldMap, deltas, binary };
}
