/**
 * Issue 31, item 7: malformed multipart bodies to the sign-in pages answered 500 (an unhandled parse
 * error); now 400 with a short message. And every API answer that holds a user's data carries
 * `Cache-Control: no-store` (`GET /api/settings` and `GET /api/symbols/choices` carried none), so no
 * browser or proxy cache keeps it. Real server over HTTP, real sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '#helpers/browser';
import { authorize, signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { recordTally } from '#helpers/hardening/tally';

let server: TestServer;
let idToken: string;
let uid: string;
const tally = { tried: 0, held: 0, requests: 0 };

beforeAll(async () => {
  server = await startTestServer();
  ({ idToken } = await signIn(server.url, {
    username: 'form-breaker',
    password: 'a long enough secret',
    createAccount: true,
  }));
  const landed = await authorize(new Browser(), server.url);
  uid = landed.pathname.split('/')[2]!;
});

afterAll(async () => {
  recordTally({
    section: 'security',
    check: 'malformed multipart sign-in forms get 400; every API answer with user data is no-store',
    tried: tally.tried,
    held: tally.held,
    requests: tally.requests,
  });
  await server?.close();
});

const malformedForms: Array<[string, string, string]> = [
  ['a boundary that never comes', 'multipart/form-data; boundary=zzz', 'username=demo&password=demo'],
  [
    'no boundary at all',
    'multipart/form-data',
    '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\ndemo\r\n--x--\r\n',
  ],
  [
    'a part cut short',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nde',
  ],
  ['a part without headers', 'multipart/form-data; boundary=x', '--x\r\n\r\n\r\n--x--\r\n'],
];

describe('malformed sign-in forms', () => {
  for (const page of ['login', 'register']) {
    it.each(malformedForms)(`${page}: %s → 400`, async (_name, contentType, body) => {
      tally.tried += 1;
      const response = await fetch(`${server.url}/signin/${uid}/${page}`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
      tally.requests += 1;
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/could not be read/);
      tally.held += 1;
    });
  }
});

describe('Cache-Control: no-store on every API answer that holds user data', () => {
  const reads = [
    '/api/transactions',
    '/api/settings',
    '/api/symbols/choices',
    '/api/csv-mappings/all',
    '/api/csv-mappings?header=a',
  ];
  it.each(reads)('GET %s', async (path) => {
    tally.tried += 1;
    const response = await fetch(`${server.url}${path}`, { headers: { Authorization: idToken } });
    tally.requests += 1;
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    tally.held += 1;
  });

  it('on the answers to writes and to refusals too', async () => {
    tally.tried += 1;
    const put = await fetch(`${server.url}/api/settings`, {
      method: 'PUT',
      headers: { Authorization: idToken, 'content-type': 'application/json' },
      body: JSON.stringify({ benchmark: 'VWCE.DE' }),
    });
    const choices = await fetch(`${server.url}/api/symbols/choices`, {
      method: 'PUT',
      headers: { Authorization: idToken, 'content-type': 'application/json' },
      body: JSON.stringify({ choices: [{ isin: 'IE00BK5BQT80', symbol: 'VWCE.DE' }] }),
    });
    const unsigned = await fetch(`${server.url}/api/settings`);
    tally.requests += 3;
    for (const response of [put, choices, unsigned]) expect(response.headers.get('cache-control')).toBe('no-store');
    expect(unsigned.status).toBe(401);
    tally.held += 1;
  });
});
