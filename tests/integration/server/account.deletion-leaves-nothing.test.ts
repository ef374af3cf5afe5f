/**
 * "Delete my account" over real HTTP, on SQLite and on PostgreSQL: after `DELETE /api/account` no table
 * holds the user's sub or name (every row of every table is read back), signing in again is refused, the
 * refresh token is dead, and another user's data and sign-in stay. A write without the anti-forgery
 * header, or naming another account, deletes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '#helpers/browser';
import { openSignInPage, refreshTokens, signIn, SignInRefused, type SignedIn } from '#helpers/oidc-login';
import { serverBackends } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';
import {
  answeredBody,
  commission,
  dividend,
  stock,
  transactionsClient,
  transactionSet,
} from '#helpers/transactions-client';
import { AMERICAN_MAPPING } from '#helpers/csv-mappings';

const backends = serverBackends('account deletion on PostgreSQL');

/** The tables (and how many of their rows) that mention `needle` anywhere. */
function tablesMentioning(rows: Record<string, string[]>, needle: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [table, texts] of Object.entries(rows)) {
    const count = texts.filter((text) => text.includes(needle)).length;
    if (count > 0) found[table] = count;
  }
  return found;
}

/** DELETE /api/account as the SPA sends it: ID token, JSON body, the anti-forgery cookie and header. */
async function deleteAccount(baseUrl: string, idToken: string, body: unknown, options: { xsrfHeader?: boolean } = {}) {
  const browser = new Browser();
  await browser.get(`${baseUrl}/`);
  const headers: Record<string, string> = { Authorization: idToken, 'content-type': 'application/json' };
  if (options.xsrfHeader ?? true) headers['X-XSRF-TOKEN'] = browser.cookie('XSRF-TOKEN')!;
  const response = await browser.request(`${baseUrl}/api/account`, {
    method: 'DELETE',
    headers,
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { message?: string; deleted?: Record<string, number> },
  };
}

for (const backend of backends) {
  describe(`deleting an account on ${backend.name}`, () => {
    let server: TestServer;
    let leaver: SignedIn;
    let secondSession: SignedIn;
    let stayer: SignedIn;
    const leaverName = `leaver-${backend.name.toLowerCase()}`;
    const leaverSet = transactionSet({
      stock: [stock('VWCE.DE', '2021-03-01', 10, 950.5, { importId: 'degiro:00000000000001' })],
      dividend: [dividend('VWCE.DE', '2021-06-15', 4.2)],
      commission: [commission('VWCE.DE', '2021-03-01', 2)],
    });
    const brokerMapping = AMERICAN_MAPPING;
    const stayerSet = transactionSet({ stock: [stock('AAPL', '2020-01-02', 1, 75)] });

    beforeAll(async () => {
      server = await backend.start();
      leaver = await signIn(server.url, { username: leaverName, password: 'leaver-secret', createAccount: true });
      // A second browser signed in too: its session and grant must go as well.
      secondSession = await signIn(server.url, { username: leaverName, password: 'leaver-secret' });
      stayer = await signIn(server.url, { username: 'stayer', password: 'stayer-secret', createAccount: true });
      expect((await transactionsClient(server.url, leaver.idToken).put({ transactions: leaverSet })).status).toBe(200);
      for (const { idToken } of [leaver, stayer]) {
        const saved = await fetch(`${server.url}/api/settings`, {
          method: 'PUT',
          headers: { Authorization: idToken, 'content-type': 'application/json' },
          body: JSON.stringify({ benchmark: 'VWCE.DE' }),
        });
        expect(saved.status).toBe(200);
        const mapped = await fetch(`${server.url}/api/csv-mappings`, {
          method: 'PUT',
          headers: { Authorization: idToken, 'content-type': 'application/json' },
          body: JSON.stringify({
            header: 'date\u001fsymbol\u001faction\u001fquantity\u001famount',
            mapping: brokerMapping,
          }),
        });
        expect(mapped.status).toBe(200);
      }
      // A sign-in left half done in the signed-in browser: its interaction names the account's session.
      await openSignInPage(server.url, leaver.browser, { prompt: 'login' });
      expect((await transactionsClient(server.url, stayer.idToken).put({ transactions: stayerSet })).status).toBe(200);
    });
    afterAll(() => backend.stop());

    it('before: the user is in the accounts, transactions and sign-in tables', async () => {
      const rows = await backend.allRows();
      const found = tablesMentioning(rows, leaver.sub);
      expect(found).toMatchObject({ accounts: 1, transaction_sets: 1, user_settings: 1, csv_mappings: 1 });
      expect(found.oidc_entries).toBeGreaterThanOrEqual(4);
      const interactions = rows.oidc_entries!.filter(
        (row) => row.includes('"Interaction"') && row.includes(leaver.sub),
      );
      expect(interactions).toHaveLength(1);
    });

    it('refuses without the anti-forgery header, and for another name; nothing is deleted', async () => {
      const forged = await deleteAccount(server.url, leaver.idToken, { username: leaverName }, { xsrfHeader: false });
      expect(forged.status).toBe(403);
      const wrongName = await deleteAccount(server.url, leaver.idToken, { username: 'stayer' });
      expect(wrongName.status).toBe(400);
      expect(wrongName.body.message).toBe('That is not the name of this account; nothing was deleted.');
      const noName = await deleteAccount(server.url, leaver.idToken, {});
      expect(noName.status).toBe(400);
      expect((await transactionsClient(server.url, leaver.idToken).get()).body).toEqual(answeredBody(leaverSet));
      expect(tablesMentioning(await backend.allRows(), leaver.sub)).toMatchObject({ accounts: 1, transaction_sets: 1 });
    });

    it('refuses without an ID token', async () => {
      const response = await fetch(`${server.url}/api/account`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: leaverName }),
      });
      expect(response.status).toBe(401);
    });

    it('deletes everything of the user, and says how many rows went', async () => {
      const { status, body } = await deleteAccount(server.url, leaver.idToken, { username: leaverName.toUpperCase() });
      expect(status).toBe(200);
      expect(body.deleted).toMatchObject({ accounts: 1, transaction_sets: 1, user_settings: 1, csv_mappings: 1 });
      expect(body.deleted!.oidc_entries).toBeGreaterThanOrEqual(4);

      const rows = await backend.allRows();
      expect(tablesMentioning(rows, leaver.sub)).toEqual({});
      expect(tablesMentioning(rows, leaverName)).toEqual({});
    });

    it('signing in again fails, and the refresh tokens of both sessions are dead', async () => {
      const error = await signIn(server.url, { username: leaverName, password: 'leaver-secret' }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SignInRefused);
      expect((error as SignInRefused).pageError).toBe('Wrong username or password.');
      for (const session of [leaver, secondSession]) {
        await expect(refreshTokens(server.url, session.refreshToken!)).rejects.toThrow(/invalid_grant/);
      }
    });

    it("keeps the other user's data and sign-in", async () => {
      const rows = await backend.allRows();
      expect(tablesMentioning(rows, stayer.sub)).toMatchObject({
        accounts: 1,
        transaction_sets: 1,
        user_settings: 1,
        csv_mappings: 1,
      });
      const again = await signIn(server.url, { username: 'stayer', password: 'stayer-secret' });
      expect(again.sub).toBe(stayer.sub);
      expect((await transactionsClient(server.url, again.idToken).get()).body).toEqual(answeredBody(stayerSet));
      expect((await refreshTokens(server.url, stayer.refreshToken!)).sub).toBe(stayer.sub);
    });

    it('frees the name: a new account with it starts empty, under another subject', async () => {
      const reborn = await signIn(server.url, {
        username: leaverName,
        password: 'another-secret',
        createAccount: true,
      });
      expect(reborn.sub).not.toBe(leaver.sub);
      const { body, etag } = await transactionsClient(server.url, reborn.idToken).get();
      expect(etag).toBe('"v0"');
      expect(body).toEqual(answeredBody(transactionSet()));
    });
  });
}
