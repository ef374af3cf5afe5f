/**
 * `POST /api/quotes` (mounted there by the server, behind its ID-token check: this router does not
 * authenticate). JSON only (415 otherwise), a small body (413), a checked request (400 `{message,
 * issues}`, and nothing reaches a provider); then 200 with the entries, an array for `{symbols}`, one
 * entry for `{symbol}`, each with its validator, or only what is new against the one the client named
 * (`quote-revision.ts`), followed by the exchange rates the quotes need when the request names `rates`; or 429 with `Retry-After` and a message when the user's budget of calls to Yahoo
 * is used up and nothing could be answered without Yahoo (an answer with some data is a 200 whose
 * entries say which symbols must wait). A request with `closes: "deltas"` gets each series' closes as
 * integer deltas at its decimal scale (`closesScale`) where one gives them back exactly; the validators
 * are of the closes themselves, whatever their encoding. A request with `format: "binary"` (and `symbols`)
 * gets the same entries in bytes (`src/model/quote-columns-binary.ts`, `answer-columns.ts`), closes as
 * deltas where a scale has them.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../http/app-env';
import { checkQuotesRequest } from './quotes-request';
import { bytesAnswer, jsonTextAnswer } from '../http/text-answer';
import { QUOTE_COLUMNS_TYPE, quoteColumnsAnswer } from '../../src/model/quote-columns-binary';
import { answerColumns } from './answer-columns';
import { answerText } from './answer-text';
import { ratesNeeded } from './rates-needed';
import type { QuotesService } from './quotes-service';

/** 100 symbols of 20 characters with their quotes and commas take about 2.5 KB; their validators ~6.5 KB more. */
export const MAX_BODY_BYTES = 16 * 1024;

export function createQuotesRoutes(service: QuotesService, nowMs: () => number = () => Date.now()): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post(
    '/',
    async (c, next) => {
      const contentType = c.req.header('content-type') ?? '';
      if (!/^application\/json\s*(;|$)/i.test(contentType)) {
        return c.json({ message: 'Send the request as application/json.' }, 415);
      }
      await next();
    },
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ message: `The request body is larger than ${MAX_BODY_BYTES} bytes.` }, 413),
    }),
    async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ message: 'The request body is not valid JSON.', issues: [] }, 400);
      }
      const request = checkQuotesRequest(body, Math.floor(nowMs() / 1000));
      if (!request.ok) return c.json({ message: 'Invalid quotes request.', issues: request.issues }, 400);
      const { sub } = c.var.user;
      const asked = await service.quotesFor(sub, request.symbols, request.startSeconds, request.endSeconds);
      // The rates the quotes turned out to need come in the same answer, after the symbols asked for.
      const rates = request.rates === null ? [] : ratesNeeded(asked.entries, request.symbols, request.rates);
      const more =
        rates.length > 0 ? await service.quotesFor(sub, rates, request.startSeconds, request.endSeconds) : null;
      const entries = more ? [...asked.entries, ...more.entries] : asked.entries;
      const overBudget = asked.overBudget ?? more?.overBudget ?? null;
      if (overBudget && entries.every((entry) => 'error' in entry)) {
        const retryAfterSeconds = Math.max(1, Math.ceil(overBudget.retryInMs / 1000));
        c.header('Retry-After', String(retryAfterSeconds));
        return c.json({ message: `${overBudget.message}.`, retryAfterSeconds, entries }, 429);
      }
      if (request.binary) {
        // In bytes (`quote-columns-binary.ts`): the entries' header, then each series' columns.
        const answered = entries.map((entry) => answerColumns(entry, request.held.get(entry.symbol)));
        const header = request.single ? answered[0]!.head : `[${answered.map((one) => one.head).join(',')}]`;
        const columns = answered.flatMap((one) => (one.columns ? [one.columns] : []));
        return bytesAnswer(c, quoteColumnsAnswer(header, columns), QUOTE_COLUMNS_TYPE);
      }
      // The same text as `c.json` of the answers, each whole series' written once (`answer-text.ts`).
      const answered = entries.map((entry) => answerText(entry, request.held.get(entry.symbol), request.deltas));
      return jsonTextAnswer(c, request.single ? answered[0]! : `[${answered.join(',')}]`);
    },
  );
  routes.on(['GET', 'PUT', 'PATCH', 'DELETE'], '/', (c) => {
    c.header('Allow', 'POST');
    return c.json({ message: 'Quotes are asked for with POST.' }, 405);
  });
  return routes;
}
