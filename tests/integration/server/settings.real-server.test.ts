/**
 * `GET`/`PUT /api/settings` on the real server over HTTP, on SQLite and on PostgreSQL (a fresh schema;
 * skipped with a notice without DATABASE_URL, except under CI): defaults, a benchmark set, changed and
 * cleared, each user's own, bad bodies refused with nothing stored, and the row really in the database; the
 * base currency (EUR by default), an unknown code refused by name.
 */
import { describe, expect, it } from 'vitest';
import type { SignedIn } from '#helpers/oidc-login';
import { serverBackends, serverForTheSuite, type ServerBackend } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';

const backends = serverBackends('settings on PostgreSQL');

/** The stored settings rows, `user_id → body` as parsed JSON. */
async function storedRows(backend: ServerBackend): Promise<Record<string, unknown>> {
  const rows = await backend.query<{ user_id: string; body: unknown }>('SELECT user_id, body FROM user_settings');
  return Object.fromEntries(rows.map((row) => [row.user_id, backend.json(row.body)]));
}

for (const backend of backends) {
  describe(`/api/settings on ${backend.name}`, () => {
    let server: TestServer;
    let alice: SignedIn;
    let bob: SignedIn;
    serverForTheSuite(backend, ['alice', 'bob'], (started, users) => {
      server = started;
      ({ alice, bob } = users);
    });

    async function call(method: string, token: string | null, body?: string, contentType = 'application/json') {
      const headers: Record<string, string> = { 'content-type': contentType };
      if (token) headers.Authorization = token;
      const response = await fetch(`${server.url}/api/settings`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { settings?: unknown; message?: string; issues?: unknown[] },
      };
    }
    const put = (token: string, settings: unknown) => call('PUT', token, JSON.stringify(settings));

    it('refuses a caller without an ID token', async () => {
      expect((await call('GET', null)).status).toBe(401);
      expect((await call('PUT', null, '{"benchmark":"VWCE.DE"}')).status).toBe(401);
    });

    it('starts with no benchmark, and stores nothing for reading', async () => {
      expect(await call('GET', alice.idToken)).toEqual({
        status: 200,
        body: { settings: { benchmark: null, baseCurrency: 'EUR' } },
      });
      expect(await storedRows(backend)).toEqual({});
    });

    it('sets, changes and clears the benchmark, each user their own', async () => {
      expect(await put(alice.idToken, { benchmark: ' vwce.de ' })).toEqual({
        status: 200,
        body: { settings: { benchmark: 'VWCE.DE', baseCurrency: 'EUR' } },
      });
      expect((await call('GET', alice.idToken)).body).toEqual({
        settings: { benchmark: 'VWCE.DE', baseCurrency: 'EUR' },
      });
      expect((await call('GET', bob.idToken)).body).toEqual({ settings: { benchmark: null, baseCurrency: 'EUR' } });

      expect((await put(alice.idToken, { benchmark: 'IWDA.AS' })).body).toEqual({
        settings: { benchmark: 'IWDA.AS', baseCurrency: 'EUR' },
      });
      expect((await put(bob.idToken, { benchmark: 'CSPX.AS' })).status).toBe(200);
      // SQLite keeps every setting, PostgreSQL the keys saved: the benchmark is in both.
      expect(await storedRows(backend)).toEqual({
        [alice.sub]: expect.objectContaining({ benchmark: 'IWDA.AS' }),
        [bob.sub]: expect.objectContaining({ benchmark: 'CSPX.AS' }),
      });

      // An empty object names nothing and changes nothing; null clears.
      expect((await put(alice.idToken, {})).body).toEqual({ settings: { benchmark: 'IWDA.AS', baseCurrency: 'EUR' } });
      expect((await put(alice.idToken, { benchmark: null })).body).toEqual({
        settings: { benchmark: null, baseCurrency: 'EUR' },
      });
      expect((await call('GET', alice.idToken)).body).toEqual({ settings: { benchmark: null, baseCurrency: 'EUR' } });
      expect((await call('GET', bob.idToken)).body).toEqual({
        settings: { benchmark: 'CSPX.AS', baseCurrency: 'EUR' },
      });
    });

    it('refuses a bad body with the reason, and stores nothing', async () => {
      await put(bob.idToken, { benchmark: 'CSPX.AS' });
      const badSymbol = await put(bob.idToken, { benchmark: 'DROP TABLE;' });
      expect(badSymbol.status).toBe(400);
      expect(badSymbol.body.issues).toEqual([{ path: 'benchmark', message: expect.stringMatching(/Yahoo symbol/) }]);
      const unknownKey = await put(bob.idToken, { benchmark: 'VWCE.DE', benchmrak: 'x' });
      expect(unknownKey.status).toBe(400);
      expect(unknownKey.body.issues).toEqual([
        { path: 'benchmrak', message: 'not a setting (known: benchmark, baseCurrency)' },
      ]);
      expect((await put(bob.idToken, ['VWCE.DE'])).status).toBe(400);
      expect((await put(bob.idToken, { benchmark: 42 })).status).toBe(400);
      expect((await call('PUT', bob.idToken, '{"benchmark":')).status).toBe(400);
      expect((await call('PUT', bob.idToken, 'benchmark=VWCE.DE', 'application/x-www-form-urlencoded')).status).toBe(
        415,
      );
      expect((await put(bob.idToken, { benchmark: 'X'.repeat(5000) })).status).toBe(413);
      expect((await call('DELETE', bob.idToken)).status).toBe(405);
      expect((await call('GET', bob.idToken)).body).toEqual({
        settings: { benchmark: 'CSPX.AS', baseCurrency: 'EUR' },
      });
    });

    it('sets the base currency, keeps the benchmark, and refuses a code that is not ISO 4217 by name', async () => {
      const carol = bob;
      await put(carol.idToken, { benchmark: 'CSPX.AS' });
      expect(await put(carol.idToken, { baseCurrency: 'GBP' })).toEqual({
        status: 200,
        body: { settings: { benchmark: 'CSPX.AS', baseCurrency: 'GBP' } },
      });
      expect((await call('GET', carol.idToken)).body).toEqual({
        settings: { benchmark: 'CSPX.AS', baseCurrency: 'GBP' },
      });
      for (const bad of ['XYZ', 'GBp', 'gbp', 'EURO', 42, null]) {
        const refused = await put(carol.idToken, { baseCurrency: bad });
        expect(refused.status).toBe(400);
        expect(refused.body.issues).toEqual([
          {
            path: 'baseCurrency',
            message: `${JSON.stringify(bad)} is not an ISO 4217 currency code (such as EUR, USD, GBP or JPY)`,
          },
        ]);
      }
      expect((await call('GET', carol.idToken)).body).toEqual({
        settings: { benchmark: 'CSPX.AS', baseCurrency: 'GBP' },
      });
      expect((await put(carol.idToken, { baseCurrency: 'JPY' })).body).toEqual({
        settings: { benchmark: 'CSPX.AS', baseCurrency: 'JPY' },
      });
    });
  });
}
