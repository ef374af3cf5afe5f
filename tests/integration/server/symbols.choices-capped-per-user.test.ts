/**
 * Issue 31, item 3: symbol choices had no limit (110 requests stored 22,001 choices, GET answered
 * 1.2 MB). Now a user keeps at most MAX_SYMBOL_CHOICES: eleven parallel requests of 200 new choices each
 * (2,200) store at most 2,000, the others get 409 naming the limit and store nothing; changing or
 * forgetting choices one has still works at the cap. The other per-user tables are bounded by their
 * shape (one settings row of known keys, the 50 newest mappings), checked here too. SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { isValidIsin } from '#src/model/symbols';
import { AMERICAN_MAPPING } from '#helpers/csv-mappings';
import type { SignedIn } from '#helpers/oidc-login';
import { serverBackends, serverForTheSuite } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';
import { MAX_SYMBOL_CHOICES } from '#server/storage/user-caps';

/** The n-th valid ISIN of the made-up country XS (the check digit is whichever validates). */
function isinNumber(n: number): string {
  const stem = `XS${String(n).padStart(9, '0')}`;
  for (let digit = 0; digit <= 9; digit++) if (isValidIsin(`${stem}${digit}`)) return `${stem}${digit}`;
  throw new Error(`no check digit for ${stem}`);
}

for (const backend of serverBackends('per-user caps on PostgreSQL')) {
  describe(`per-user caps on ${backend.name}`, () => {
    let server: TestServer;
    let user: SignedIn;
    serverForTheSuite(backend, ['hoarder'], (started, users) => {
      server = started;
      user = users.hoarder;
    });
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: user.idToken, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const countRows = async (table: string) =>
      Number(
        (
          await backend.query<{ n: number | string }>(
            `SELECT count(*) AS n FROM ${table} WHERE user_id = '${user.sub}'`,
          )
        )[0]!.n,
      );

    it(`symbol choices: at most ${MAX_SYMBOL_CHOICES}, parallel requests included; 409 names the limit`, async () => {
      const batches = Array.from({ length: 11 }, (_, b) =>
        Array.from({ length: 200 }, (_, i) => ({ isin: isinNumber(b * 200 + i), symbol: 'VWCE.DE' })),
      );
      const answers = await Promise.all(
        batches.map(async (choices) => {
          const response = await call('PUT', '/api/symbols/choices', { choices });
          return { status: response.status, body: (await response.json()) as { message?: string } };
        }),
      );
      const refused = answers.filter((answer) => answer.status === 409);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(MAX_SYMBOL_CHOICES / 200);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.body.message).toMatch(`At most ${MAX_SYMBOL_CHOICES} symbol choices are kept per user`);
      expect(await countRows('symbol_choices')).toBe(MAX_SYMBOL_CHOICES);

      // At the cap, one more is refused; changing and forgetting existing ones still work.
      const stored = (
        (await (await call('GET', '/api/symbols/choices')).json()) as { choices: Array<{ isin: string }> }
      ).choices;
      expect(stored).toHaveLength(MAX_SYMBOL_CHOICES);
      expect(
        (await call('PUT', '/api/symbols/choices', { choices: [{ isin: isinNumber(99_999), symbol: 'AAPL' }] })).status,
      ).toBe(409);
      expect(
        (
          await call('PUT', '/api/symbols/choices', {
            choices: [
              { isin: stored[0]!.isin, symbol: 'AAPL' },
              { isin: stored[1]!.isin, symbol: null },
            ],
          })
        ).status,
      ).toBe(200);
      expect(await countRows('symbol_choices')).toBe(MAX_SYMBOL_CHOICES - 1);
    });

    it('csv mappings: the 50 most recently saved stay; settings: one row of known keys', async () => {
      for (let i = 0; i < 55; i++)
        expect((await call('PUT', '/api/csv-mappings', { header: `h${i}`, mapping: AMERICAN_MAPPING })).status).toBe(
          200,
        );
      expect(await countRows('csv_mappings')).toBe(50);
      expect((await call('PUT', '/api/settings', { benchmark: 'VWCE.DE' })).status).toBe(200);
      const unknown = await call('PUT', '/api/settings', { benchmark: 'VWCE.DE', [`k${'x'.repeat(100)}`]: 1 });
      expect(unknown.status).toBe(400);
      expect(await countRows('user_settings')).toBe(1);
    });
  });
}
