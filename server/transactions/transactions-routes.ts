/**
 * `/api/transactions`: GET the user's full set, PUT a full set. Versioned by ETag (`"v<n>"`): a PUT
 * must say which version it replaces in `If-Match` (428 Precondition Required without it, or with `*`,
 * RFC 6585), and one with a stale `If-Match` is refused with 412 and the current version, never merged
 * or lost. A body that is not a valid set is refused (400/413/415) before the precondition is looked at.
 * The body is the seed's `{transactions: {stock, dividend, commission}}` with the `cash` list and the
 * `accounts` beside it: GET always answers both; a PUT without one keeps the stored one (a seed-shaped
 * client writes its part without erasing the rest), and a row naming no account it holds is refused.
 * A GET with `If-None-Match` naming the stored version is answered 304 with no body (the version alone is
 * read): the worker keeps the set between visits and asks for it again only when it changed. The version
 * is the stored row's, raised by every write in the same atomic statement, so every instance on one
 * database answers the same validator and none answers an old one after a write.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Log } from '../log';
import type { PutTransactionsResult, StoredExtras, StoredSetJson, TransactionStore } from '../storage/types';
import { sortTransactionSet } from './sort-transaction-set';
import { accountsOrFirst, type Account } from '../../src/model/cash';
import { accountReferenceIssues } from './account-references';
import type { AppEnv } from '../http/app-env';
import { requestContext } from '../http/request-context';
import { scannedBodyText } from '../http/scanned-body';
import { jsonTextAnswer } from '../http/text-answer';
import { MAX_COLLECTED_ISSUES, MAX_JSON_DEPTH, readTransactionsBody } from './transactions-body';
import { isStorageUnwritable, unwritableStorageMessage } from '../storage/storage-failure';
import { brokenJsonRefusal, invalidBodyRefusal, storageFailureMessage, tooDeepRefusal } from './transactions-refusals';

/**
 * 10 MiB: a transaction is 150–250 bytes of JSON, so 25,000 of them (a long DEGIRO history) take
 * 4–6 MiB; anything near the limit is far beyond a real portfolio.
 */
export const TRANSACTIONS_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** The body GET and PUT answer, `{"transactions": {…}, "accounts": […]}`, around the set's JSON text. */
function answerJson(setJson: string, accounts: readonly Account[]): string {
  return `{"transactions":${setJson},"accounts":${JSON.stringify(accounts)}}`;
}

export function etagOf(version: number): string {
  return `"v${version}"`;
}

type IfMatch = { kind: 'absent' } | { kind: 'any' } | { kind: 'version'; version: number } | { kind: 'unknown' };

const PRECONDITION_REQUIRED_MESSAGE =
  'Send If-Match with the ETag of the transactions you are replacing (GET /api/transactions answers it, "v0" ' +
  'before the first save); a write without it, or with If-Match: *, could overwrite a change made elsewhere. Nothing was saved.';

/** `If-Match` as one of our ETags; a tag we never issued matches nothing (so the PUT gets a 412). */
function parseIfMatch(header: string | undefined): IfMatch {
  const value = header?.trim();
  if (!value) return { kind: 'absent' };
  if (value === '*') return { kind: 'any' };
  const match = /^"v(\d{1,15})"$/.exec(value);
  return match ? { kind: 'version', version: Number(match[1]) } : { kind: 'unknown' };
}

/**
 * Whether `If-None-Match` names `etag`: `*`, or a list of entity tags compared weakly (RFC 9110 13.1.2),
 * so a `W/` a proxy may have added does not cost the client the whole set.
 */
export function noneMatchNames(header: string | undefined, etag: string): boolean {
  const value = header?.trim();
  if (!value) return false;
  if (value === '*') return true;
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function transactionsRoutes(store: TransactionStore, log: Log): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  /** A database error (locked, timed out, gone) is a 503 with a message, never a half-done write; a disk that takes no writes a 507. */
  const storageFailed = (c: Context<AppEnv>, action: 'read' | 'save', error: unknown) => {
    log.error(`transactions ${action} failed`, { requestId: requestContext(c.env.incoming).requestId, error });
    // A full, read-only or failing disk: 507, waiting a moment will not help.
    if (action === 'save' && isStorageUnwritable(error))
      return c.json({ message: unwritableStorageMessage('The transactions') }, 507);
    c.header('Retry-After', '5');
    return c.json({ message: storageFailureMessage(action) }, 503);
  };

  routes.get('/', async (c) => {
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch) {
      let version: number;
      try {
        version = await store.version(c.var.user.sub);
      } catch (error) {
        return storageFailed(c, 'read', error);
      }
      if (noneMatchNames(ifNoneMatch, etagOf(version))) {
        c.header('ETag', etagOf(version));
        c.header('Cache-Control', 'no-store');
        return c.body(null, 304);
      }
    }
    let stored: StoredSetJson;
    try {
      stored = await store.getJson(c.var.user.sub);
    } catch (error) {
      return storageFailed(c, 'read', error);
    }
    const { setJson, version, accounts } = stored;
    c.header('ETag', etagOf(version));
    c.header('Cache-Control', 'no-store');
    // The set's text as the database wrote it: the lists are neither parsed nor written again here.
    return jsonTextAnswer(c, answerJson(setJson, accountsOrFirst(accounts)));
  });

  routes.put(
    '/',
    async (c, next) => {
      if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
        return c.json({ message: 'Send the transactions as application/json.' }, 415);
      }
      return next();
    },
    bodyLimit({
      maxSize: TRANSACTIONS_BODY_LIMIT_BYTES,
      onError: (c) =>
        c.json({ message: `The body is larger than ${TRANSACTIONS_BODY_LIMIT_BYTES / 1024 / 1024} MiB.` }, 413),
    }),
    async (c) => {
      const ifMatch = parseIfMatch(c.req.header('if-match'));
      const scanned = c.get('jsonDepthScanned');
      const reading = readTransactionsBody(
        await scannedBodyText(c),
        scanned !== undefined && scanned <= MAX_JSON_DEPTH,
      );
      if (!reading.ok) {
        if (reading.kind === 'broken-json') return c.json(brokenJsonRefusal(reading.error), 400);
        if (reading.kind === 'too-deep') return c.json(tooDeepRefusal(MAX_JSON_DEPTH), 400);
        return c.json(invalidBodyRefusal(reading.issues, reading.truncated), 400);
      }
      if (ifMatch.kind === 'absent' || ifMatch.kind === 'any')
        return c.json({ message: PRECONDITION_REQUIRED_MESSAGE }, 428);
      const sub = c.var.user.sub;
      const expected = ifMatch.kind === 'version' ? ifMatch.version : -1;
      const conflict = (currentVersion: number) => {
        const current = etagOf(currentVersion);
        c.header('ETag', current);
        return c.json(
          {
            message: 'The transactions changed since you loaded them; reload and apply your change again.',
            version: current,
          },
          412,
        );
      };
      const sent = reading.body;
      // What the body leaves out is kept as stored. The stored set is read only then; the write below
      // checks the version again, so nothing written meanwhile is lost.
      let stored: StoredExtras | null = null;
      if (sent.transactions.cash === undefined || sent.accounts === undefined) {
        try {
          stored = await store.extras(sub);
        } catch (error) {
          // This read is part of the save: the user is told the save failed and nothing was saved.
          return storageFailed(c, 'save', error);
        }
        if (stored.version !== expected) return conflict(stored.version);
      }
      const accounts = sent.accounts ?? accountsOrFirst(stored?.accounts);
      const set = sortTransactionSet({ ...sent.transactions, cash: sent.transactions.cash ?? stored?.cash ?? [] });
      const unknown = accountReferenceIssues(set, accounts, MAX_COLLECTED_ISSUES);
      if (unknown.issues.length > 0) return c.json(invalidBodyRefusal(unknown.issues, unknown.truncated), 400);
      const setJson = JSON.stringify(set);
      let result: PutTransactionsResult;
      try {
        result = await store.put(sub, set, expected, accounts, setJson);
      } catch (error) {
        return storageFailed(c, 'save', error);
      }
      if (!result.ok) return conflict(result.currentVersion);
      c.header('ETag', etagOf(result.version));
      c.header('Cache-Control', 'no-store');
      return jsonTextAnswer(c, answerJson(setJson, accounts));
    },
  );

  return routes;
}
