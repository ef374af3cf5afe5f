/**
 * The bodies of `POST /api/symbols/resolve` and `PUT /api/symbols/choices`, checked before anything
 * reaches a source: at most 200 products, each a real ISIN (check digit included), no ISIN twice; a
 * product's currency an ISO code, its venue a short exchange code; a choice's symbol a Yahoo symbol.
 */
import { z } from 'zod';
import {
  isValidIsin,
  MAX_SYMBOL_PRODUCTS,
  TICKER_MAX_LENGTH,
  TICKER_PATTERN,
  type SymbolChoice,
  type SymbolProduct,
} from '../../src/model';

export interface RequestIssue {
  /** Dotted path into the body, `products.3.isin`; empty for the body itself. */
  path: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; issues: RequestIssue[] };

const isin = z
  .string()
  .regex(/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/, {
    error: 'not an ISIN (two letters, nine letters or digits, a check digit)',
    abort: true,
  })
  .refine(isValidIsin, { error: 'not an ISIN: its check digit is wrong' });

const product = z.strictObject({
  isin,
  name: z.string().max(200, { error: 'at most 200 characters' }).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'a currency code such as EUR' })
    .optional(),
  venue: z
    .string()
    .regex(/^[A-Za-z0-9]{2,8}$/, { error: 'an exchange code such as EAM or XET' })
    .optional(),
});

const tooMany = (what: string) => (issue: { input?: unknown }) =>
  `at most ${MAX_SYMBOL_PRODUCTS} ${what} a request${Array.isArray(issue.input) ? ` (got ${issue.input.length})` : ''}: send them in parts`;

const resolveSchema = z.strictObject({
  products: z
    .array(product)
    .min(1, { error: 'at least one product' })
    .max(MAX_SYMBOL_PRODUCTS, { error: tooMany('products') }),
});

const choicesSchema = z.strictObject({
  choices: z
    .array(
      z.strictObject({
        isin,
        symbol: z
          .string()
          .trim()
          .max(TICKER_MAX_LENGTH, { error: `at most ${TICKER_MAX_LENGTH} characters` })
          .regex(TICKER_PATTERN, { error: 'not a Yahoo symbol (letters, digits, ".", "-", "=", "^")' })
          .nullable(),
      }),
    )
    .min(1, { error: 'at least one choice' })
    .max(MAX_SYMBOL_PRODUCTS, { error: tooMany('choices') }),
});

function issuesOf(error: z.ZodError): RequestIssue[] {
  // A thousand bad ISINs make a thousand issues: the first fifty say enough.
  return error.issues.slice(0, 50).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

function repeats(isins: readonly string[], list: string): RequestIssue[] {
  const first = new Map<string, number>();
  const issues: RequestIssue[] = [];
  isins.forEach((each, index) => {
    const seen = first.get(each);
    if (seen === undefined) first.set(each, index);
    else issues.push({ path: `${list}.${index}.isin`, message: `repeats ${list}.${seen}.isin (${each})` });
  });
  return issues;
}

export function checkResolveRequest(body: unknown): Checked<SymbolProduct[]> {
  const parsed = resolveSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: 'Invalid symbols request.', issues: issuesOf(parsed.error) };
  const issues = repeats(
    parsed.data.products.map((each) => each.isin),
    'products',
  );
  if (issues.length > 0) return { ok: false, message: 'Invalid symbols request.', issues };
  return { ok: true, value: parsed.data.products };
}

export function checkChoicesRequest(body: unknown): Checked<SymbolChoice[]> {
  const parsed = choicesSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: 'Invalid symbol choices.', issues: issuesOf(parsed.error) };
  const issues = repeats(
    parsed.data.choices.map((each) => each.isin),
    'choices',
  );
  if (issues.length > 0) return { ok: false, message: 'Invalid symbol choices.', issues };
  return {
    ok: true,
    value: parsed.data.choices.map(({ isin: key, symbol }) => ({
      isin: key,
      symbol: symbol === null ? null : symbol.toUpperCase(),
    })),
  };
}
