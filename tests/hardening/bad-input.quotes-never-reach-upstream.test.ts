/**
 * Bad requests to `POST /api/quotes` on a real server in `yahoo` mode, its upstream a fake Yahoo on
 * loopback that counts every request: each bad request gets a 4xx with a JSON message, and not one of
 * them reaches the upstream. A good request afterwards does reach it (so the counter can see one).
 * `tests/integration/server/quotes/routes.validation.test.ts` checks the same rules on the bare routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { startFakeYahooUpstream, type FakeYahooUpstream } from '#helpers/hardening/fake-yahoo-upstream';
import { badQuotesRequests, GOOD_RANGE, type BadQuotesRequest } from '#helpers/hardening/malformed-quotes';
import { recordTally } from '#helpers/hardening/tally';

let yahoo: FakeYahooUpstream;
let server: TestServer;
let idToken: string;
const requests = badQuotesRequests();
let held = 0;

beforeAll(async () => {
  yahoo = await startFakeYahooUpstream();
  server = await startTestServer({ QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl });
  ({ idToken } = await signIn(server.url, {
    username: 'quotes-input',
    password: 'quotes-input-secret',
    createAccount: true,
  }));
});

afterAll(async () => {
  recordTally({
    section: 'bad input',
    check:
      'bad POST /api/quotes (symbols, injections, ranges, 1,000 symbols) → 4xx with a message, 0 requests upstream',
    tried: requests.length,
    held,
    requests: requests.length,
  });
  await server?.close();
  await yahoo?.close();
});

function send(request: BadQuotesRequest): Promise<Response> {
  const method = request.method ?? 'POST';
  const body = method === 'GET' || method === 'DELETE' ? undefined : (request.raw ?? JSON.stringify(request.body));
  return fetch(`${server.url}/api/quotes`, {
    method,
    headers: { Authorization: idToken, 'content-type': request.contentType ?? 'application/json' },
    body,
  });
}

describe('each bad quotes request is refused before anything goes upstream', () => {
  it.each(requests.map((request) => [request.name, request] as const))('%s', async (name, request) => {
    const response = await send(request);
    const text = await response.text();
    expect(response.status, `${name}: ${text.slice(0, 300)}`).toBe(request.expected.status);
    const refusal = JSON.parse(text) as { message?: string; issues?: Array<{ path: string }> };
    expect(refusal.message, name).toMatch(request.expected.message);
    if (request.expected.issuePath !== undefined) {
      expect(
        refusal.issues?.map((issue) => issue.path),
        name,
      ).toContain(request.expected.issuePath);
    }
    expect(yahoo.requestCount(), `${name} reached the upstream`).toBe(0);
    held += 1;
  });
});

it('sends a good request upstream, one chart request per symbol, to the chart path only', async () => {
  const response = await send({
    name: 'good',
    body: { symbols: ['MSFT', '^GSPC'], ...GOOD_RANGE },
    expected: { status: 200, message: /./ },
  });
  expect(response.status).toBe(200);
  const entries = (await response.json()) as Array<{ symbol: string; days?: number[]; error?: string }>;
  expect(entries.map((entry) => entry.symbol)).toEqual(['MSFT', '^GSPC']);
  expect(entries[0]).toHaveProperty('days');
  expect(entries[0]).toHaveProperty('closes');
  expect(
    yahoo
      .requests()
      .map((request) => request.symbol)
      .sort(),
  ).toEqual(['MSFT', '^GSPC']);
  for (const request of yahoo.requests()) expect(request.path).toMatch(/^\/v8\/finance\/chart\/[^/]+$/);
});
