/**
 * Reads the text of a `PUT /api/transactions` with work bounded before any per-row work: the nesting
 * is measured before `JSON.parse` (5 MB of `[` would hold the event loop for seconds), the number of
 * rows is checked before a single row is validated (200,000 empty rows would produce 1.4 million
 * issues and a gigabyte of memory), and validation stops after `MAX_COLLECTED_ISSUES` problems.
 * What is left is linear in the body, which the body limit bounds.
 */
import { z } from 'zod';
import type { CashTransaction } from '../../src/model/cash';
import {
  emptyTransactionSet,
  type Transaction,
  type TransactionsBody,
  type TransactionSet,
  type TransactionType,
} from '../../src/model/transaction';
import { MAX_TRANSACTIONS } from '../../src/model/transaction-limits';
import {
  accountsSchema,
  cashTransactionSchema,
  commissionTransactionSchema,
  dividendTransactionSchema,
  stockTransactionSchema,
  type ValidationIssue,
} from '../../src/model/transaction-schema';

/**
 * A valid body nests 4 deep (`{transactions:{stock:[{…}]}}`); anything much deeper is not ours. The
 * `cash` list and the `accounts` beside the set are no deeper.
 */
export const MAX_JSON_DEPTH = 8;
/** Validation stops once this many problems are found; the refusal says there may be more. */
export const MAX_COLLECTED_ISSUES = 100;

export type TransactionsBodyReading =
  | { ok: true; body: TransactionsBody }
  | { ok: false; kind: 'broken-json'; error: unknown }
  | { ok: false; kind: 'too-deep' }
  | { ok: false; kind: 'invalid'; issues: ValidationIssue[]; truncated: boolean };

/** Whether arrays and objects nest deeper than `maxDepth` anywhere outside strings; stops at the first. */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * The envelope alone: the lists must be arrays, their rows are checked one by one afterwards. `cash` and
 * `accounts` may be absent (a seed-shaped client): the route keeps the stored ones then.
 */
const envelopeSchema = z.strictObject({
  transactions: z.strictObject({
    stock: z.array(z.unknown()),
    dividend: z.array(z.unknown()),
    commission: z.array(z.unknown()),
    cash: z.array(z.unknown()).optional(),
  }),
  accounts: z.unknown().optional(),
});

const ROW_SCHEMAS = {
  stock: stockTransactionSchema,
  dividend: dividendTransactionSchema,
  commission: commissionTransactionSchema,
  cash: cashTransactionSchema,
} as const;
type List = keyof typeof ROW_SCHEMAS;
const LISTS = Object.keys(ROW_SCHEMAS) as List[];

function issuesOf(error: z.core.$ZodError, prefix: readonly PropertyKey[]): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: [...prefix, ...issue.path].map((key) => String(key)).join('.'),
    message: issue.message,
  }));
}

function listsOf(input: unknown): Partial<Record<List, unknown[]>> {
  if (typeof input !== 'object' || input === null) return {};
  const set = (input as { transactions?: unknown }).transactions;
  if (typeof set !== 'object' || set === null) return {};
  const lists: Partial<Record<List, unknown[]>> = {};
  for (const list of LISTS) {
    const value: unknown = Object.hasOwn(set, list) ? (set as Record<string, unknown>)[list] : undefined;
    if (Array.isArray(value)) lists[list] = value;
  }
  return lists;
}

/**
 * Validates parsed JSON as a `TransactionsBody`: the count first (cash rows count), then rows until enough
 * problems, then the accounts. Whether each row's `account` names one of the accounts is the route's to
 * check (`accountReferenceIssues`): a body without `accounts` names the stored ones.
 */
export function validateTransactionsBodyBounded(
  input: unknown,
  maxIssues = MAX_COLLECTED_ISSUES,
): TransactionsBodyReading {
  const lists = listsOf(input);
  const count = LISTS.reduce((sum, list) => sum + (lists[list]?.length ?? 0), 0);
  if (count > MAX_TRANSACTIONS) {
    return {
      ok: false,
      kind: 'invalid',
      issues: [{ path: 'transactions', message: `at most ${MAX_TRANSACTIONS} transactions (this set has ${count})` }],
      truncated: false,
    };
  }
  const issues: ValidationIssue[] = [];
  const envelope = envelopeSchema.safeParse(input);
  if (!envelope.success) issues.push(...issuesOf(envelope.error, []));
  const valid: TransactionSet = emptyTransactionSet();
  const cash: CashTransaction[] = [];
  let stoppedEarly = false;
  for (const list of LISTS) {
    const rows = lists[list] ?? [];
    for (let index = 0; index < rows.length; index++) {
      if (issues.length >= maxIssues) {
        stoppedEarly = true;
        break;
      }
      const row = ROW_SCHEMAS[list].safeParse(rows[index]);
      if (!row.success) issues.push(...issuesOf(row.error, ['transactions', list, index]));
      else if (list === 'cash') cash.push(row.data as CashTransaction);
      else (valid[list as TransactionType] as Transaction[]).push(row.data as Transaction);
    }
  }
  const sent = typeof input === 'object' && input !== null ? (input as { accounts?: unknown }).accounts : undefined;
  const accounts = sent === undefined ? null : accountsSchema.safeParse(sent);
  if (accounts && !accounts.success) issues.push(...issuesOf(accounts.error, ['accounts']));
  if (issues.length > 0) {
    return {
      ok: false,
      kind: 'invalid',
      issues: issues.slice(0, maxIssues),
      truncated: stoppedEarly || issues.length > maxIssues,
    };
  }
  if (lists.cash) valid.cash = cash;
  const body: TransactionsBody = { transactions: valid };
  if (accounts?.success) body.accounts = accounts.data;
  return { ok: true, body };
}

/** `depthScanned`: the body's nesting was already checked against MAX_JSON_DEPTH as it arrived (body-limits.ts). */
export function readTransactionsBody(text: string, depthScanned = false): TransactionsBodyReading {
  if (!depthScanned && nestsDeeperThan(text, MAX_JSON_DEPTH)) return { ok: false, kind: 'too-deep' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, kind: 'broken-json', error };
  }
  return validateTransactionsBodyBounded(json);
}
