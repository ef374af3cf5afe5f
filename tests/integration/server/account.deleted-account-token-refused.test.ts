/**
 * Issue 31, item 6: after `DELETE /api/account` the account's ID token (still signed, not yet expired)
 * stored transactions, settings, symbol choices and a mapping: four rows under a subject nobody can
 * reach. Now every `/api/*` read and write with a token issued before the deletion gets 401 with a
 * message, and nothing of the subject is stored again, on SQLite and PostgreSQL. A token issued after
 * the deletion (an external issuer's user coming back) is accepted.
 */
import { describe, expect, it } from 'vitest';
import { AMERICAN_MAPPING } from '#helpers/csv-mappings';
import { mintIdToken, nowSeconds, serverSigningKey } from '#helpers/id-tokens';
import type { SignedIn } from '#helpers/oidc-login';
import { serverBackends, serverForTheSuite } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';
import { stock, transactionSet } from '#helpers/transactions-client';

const DELETED = /This account was deleted/;

function tablesMentioning(rows: Record<string, string[]>, needle: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [table, texts] of Object.entries(rows)) {
    const count = texts.filter((text) => text.includes(needle)).length;
    if (count > 0) found[table] = count;
  }
  return found;
}

/** Every kind of call a copy of the token could make: the four writes of the report, and reads. */
function callsWith(url: string, idToken: string): Array<[string, () => Promise<Response>]> {
  const json =
    (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    () =>
      fetch(`${url}${path}`, {
        method,
        headers: { Authorization: idToken, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
  const get = (path: string) => () => fetch(`${url}${path}`, { headers: { Authorization: idToken } });
  return [
    [
      'PUT /api/transactions',
      json(
        'PUT',
        '/api/transactions',
        { transactions: transactionSet({ stock: [stock('VWCE.DE', '2022-01-03', 1, 100)] }) },
        { 'if-match': '"v0"' },
      ),
    ],
    ['PUT /api/settings', json('PUT', '/api/settings', { benchmark: 'VWCE.DE' })],
    [
      'PUT /api/symbols/choices',
      json('PUT', '/api/symbols/choices', { choices: [{ isin: 'IE00BK5BQT80', symbol: 'VWCE.DE' }] }),
    ],
    [
      'PUT /api/csv-mappings',
      json('PUT', '/api/csv-mappings', { header: 'date,ticker,type,amount,value', mapping: AMERICAN_MAPPING }),
    ],
    ['PUT /api/csv-mappings/all', json('PUT', '/api/csv-mappings/all', { mode: 'merge', mappings: [] })],
    [
      'POST /api/quotes',
      json('POST', '/api/quotes', { symbols: ['VWCE.DE'], start: 1_600_000_000, end: 1_600_100_000 }),
    ],
    ['GET /api/transactions', get('/api/transactions')],
    ['GET /api/settings', get('/api/settings')],
    ['GET /api/symbols/choices', get('/api/symbols/choices')],
    ['GET /api/csv-mappings/all', get('/api/csv-mappings/all')],
  ];
}

for (const backend of serverBackends('deleted accounts on PostgreSQL')) {
  describe(`a deleted account's ID token on ${backend.name}`, () => {
    let server: TestServer;
    let leaver: SignedIn;
    const name = `token-keeper-${backend.name.toLowerCase()}`;
    serverForTheSuite(backend, [name], (started, users) => {
      server = started;
      leaver = users[name];
    });

    it('reads and writes nothing once the account is deleted: 401 with a message, no row of the subject', async () => {
      // Before the deletion the same calls work.
      for (const [what, call] of callsWith(server.url, leaver.idToken)) expect((await call()).status, what).toBe(200);
      const deleted = await fetch(`${server.url}/api/account`, {
        method: 'DELETE',
        headers: { Authorization: leaver.idToken, 'content-type': 'application/json' },
        body: JSON.stringify({ username: name }),
      });
      expect(deleted.status).toBe(200);

      for (const [what, call] of callsWith(server.url, leaver.idToken)) {
        const response = await call();
        expect(response.status, what).toBe(401);
        expect(((await response.json()) as { message: string }).message, what).toMatch(DELETED);
      }
      expect(tablesMentioning(await backend.allRows(), leaver.sub)).toEqual({});
    });

    it.runIf(backend.name === 'SQLite')(
      'accepts a token for the same subject issued after the deletion (an external user starting afresh)',
      async () => {
        const config = (await (await fetch(`${server.url}/api/config`)).json()) as { issuer: string; clientId: string };
        const key = await serverSigningKey(server.dataDir);
        const fresh = await mintIdToken(key, {
          iss: config.issuer,
          aud: config.clientId,
          sub: leaver.sub,
          iat: nowSeconds() + 2,
        });
        const response = await fetch(`${server.url}/api/settings`, { headers: { Authorization: fresh } });
        expect(response.status).toBe(200);
        const old = await fetch(`${server.url}/api/settings`, { headers: { Authorization: leaver.idToken } });
        expect(old.status).toBe(401);
      },
    );
  });
}
