/**
 * A fake Yahoo search endpoint (`/v1/finance/search?q=…`) on loopback: answers each query with a recorded
 * answer (Yahoo's body, or a recorded exchange keeping it under `response.bodyJson`), Yahoo's empty answer
 * for a query it has none for, records every query, and misbehaves on demand: 500, 429, an HTML page,
 * JSON without quotes, Yahoo's error object, or no answer at all (Yahoo's failures are the shared fake
 * Yahoo's, tests/helpers/fake-yahoo.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { answerFault, sendJson, serveOnLoopback } from '../fake-yahoo';

export type SearchBehaviour =
  'ok' | 'status-500' | 'status-429' | 'html-page' | 'json-without-quotes' | 'yahoo-error' | 'hang';

export interface FakeYahooSearch {
  baseUrl: string;
  /** The `q` of every request, in order. */
  queries: string[];
  userAgents: Array<string | undefined>;
  /** Behaviours for the next requests, one each, in order; `ok` after them. */
  queue(...behaviours: SearchBehaviour[]): void;
  /** From now on, every request gets this behaviour (until `always('ok')`). */
  always(behaviour: SearchBehaviour): void;
  close(): Promise<void>;
}

export const PROJECT_DATA = path.resolve(import.meta.dirname, '../../../data/symbol-search');
const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/yahoo');

/** A recorded answer's body, from a file of Yahoo's body or of a recorded exchange. */
export function recordedSearchBody(file: string): unknown {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { response?: { bodyJson: unknown } };
  return json.response ? json.response.bodyJson : json;
}

/** Query → answer: every shipped answer of data/symbol-search, and the extra recorded fixtures given. */
export function searchAnswers(extra: Record<string, string> = {}): Map<string, unknown> {
  const answers = new Map<string, unknown>();
  for (const name of readdirSync(PROJECT_DATA)) {
    if (name.endsWith('.json')) answers.set(name.slice(0, -5), recordedSearchBody(path.join(PROJECT_DATA, name)));
  }
  for (const [query, fixture] of Object.entries(extra))
    answers.set(query, recordedSearchBody(path.join(FIXTURES, fixture)));
  return answers;
}

const EMPTY_ANSWER = {
  explains: [],
  count: 0,
  quotes: [],
  news: [],
  nav: [],
  lists: [],
  researchReports: [],
  screenerFieldResults: [],
  totalTime: 12,
};

export async function startFakeYahooSearch(answers: Map<string, unknown>): Promise<FakeYahooSearch> {
  const queries: string[] = [];
  const userAgents: Array<string | undefined> = [];
  const pending: SearchBehaviour[] = [];
  let standing: SearchBehaviour = 'ok';
  const server = await serveOnLoopback((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname !== '/v1/finance/search') return sendJson(response, 404, { message: 'not a search URL' });
    const query = url.searchParams.get('q') ?? '';
    queries.push(query);
    userAgents.push(request.headers['user-agent']);
    const behaviour = pending.shift() ?? standing;
    if (answerFault(request, response, behaviour, 'finance')) return;
    if (behaviour === 'json-without-quotes') return sendJson(response, 200, { finance: { result: [] }, count: 3 });
    if (behaviour === 'yahoo-error')
      return sendJson(response, 200, {
        finance: { result: null, error: { code: 'Bad Request', description: 'Invalid Search Query' } },
      });
    return sendJson(response, 200, answers.get(query) ?? EMPTY_ANSWER);
  });
  return {
    ...server,
    queries,
    userAgents,
    queue: (...behaviours) => pending.push(...behaviours),
    always: (behaviour) => {
      standing = behaviour;
    },
  };
}
