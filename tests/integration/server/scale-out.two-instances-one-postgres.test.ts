/**
 * Two servers on one PostgreSQL behind one load balancer (one PUBLIC_URL, so one issuer), as a user who
 * outgrew one machine would run them: each has its own empty DATA_DIR, everything they share is in the
 * database. A sign-in through A holds on B, renewals and stale writes cross instances, a sign-out on A
 * ends the session on both, and rotated keys keep every token valid until it expires.
 * Skipped with a notice without DATABASE_URL, except under CI.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '#helpers/browser';
import { startLoadBalancer, type LoadBalancer } from '#helpers/load-balancer';
import { authorize, hiddenField, providerInfo, refreshTokens, signIn } from '#helpers/oidc-login';
import { createTestSchema, postgresUrlForTests, type TestSchema } from '#helpers/postgres-schema';
import { PROJECT_ROOT, startTestServer, type TestServer } from '#helpers/test-server';
import { answeredBody, stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

const databaseUrl = postgresUrlForTests('two instances on one PostgreSQL');

describe.skipIf(!databaseUrl)('two servers on one PostgreSQL', () => {
  let schema: TestSchema;
  let lb: LoadBalancer;
  let a: TestServer;
  let b: TestServer;
  const env = () => ({ DATABASE_URL: schema.connectionString, PUBLIC_URL: lb.url });

  beforeAll(async () => {
    schema = await createTestSchema(databaseUrl!);
    lb = await startLoadBalancer();
    // Started together: the keys are created once, under the lock, whoever comes first.
    [a, b] = await Promise.all([startTestServer(env()), startTestServer(env())]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await lb?.close();
    await schema?.drop();
  });

  /** Starts an authorization in `browser` through the balancer; resolves where it lands. */
  const authorizeAt = (browser: Browser): Promise<URL> => authorize(browser, lb.url);

  it('keeps nothing of its own on disk: the data dirs stay empty, the keys are in the database', () => {
    expect(fs.readdirSync(a.dataDir)).toEqual([]);
    expect(fs.readdirSync(b.dataDir)).toEqual([]);
  });

  it('signs in through A; B reads, writes and renews; a stale write on A gets 412; signing out on A ends it on B', async () => {
    lb.route(a.url);
    const user = await signIn(lb.url, { username: 'scale-out', password: 'scale-out-secret', createAccount: true });
    expect(new Set(lb.served)).toEqual(new Set([a.url]));

    lb.route(b.url);
    const onB = transactionsClient(lb.url, user.idToken);
    expect((await onB.get()).etag).toBe('"v0"');
    // The first write carries cash and accounts (issue 33); the later seed-shaped ones keep them.
    const accounts = [
      { id: 'main', name: 'DEGIRO' },
      { id: 'acc-pension', name: 'Pension' },
    ];
    const cash = [
      {
        type: 'cash' as const,
        kind: 'deposit' as const,
        date: '2022-01-02',
        value: 500,
        currency: 'EUR' as const,
        account: 'acc-pension',
      },
    ];
    const first = transactionSet({ stock: [stock('VWCE.DE', '2022-01-03', 2, 200)] });
    expect((await onB.put({ transactions: { ...first, cash }, accounts }, { ifMatch: '"v0"' })).etag).toBe('"v1"');

    // Renewed on B with the refresh token A issued; the new ID token counts on A.
    const renewed = await refreshTokens(lb.url, user.refreshToken!);
    expect(renewed.sub).toBe(user.sub);
    lb.route(a.url);
    const onA = transactionsClient(lb.url, renewed.idToken);
    const readOnA = await onA.get();
    expect(readOnA).toMatchObject({ status: 200, etag: '"v1"', body: answeredBody({ ...first, cash }, accounts) });

    // B writes v2; A still writes against v1 and is refused, nothing changed.
    lb.route(b.url);
    const second = transactionSet({ stock: [stock('VWCE.DE', '2022-01-03', 3, 300)] });
    expect(
      (await transactionsClient(lb.url, renewed.idToken).put({ transactions: second }, { ifMatch: '"v1"' })).etag,
    ).toBe('"v2"');
    lb.route(a.url);
    const stale = await onA.put({ transactions: first }, { ifMatch: '"v1"' });
    expect(stale.status).toBe(412);
    expect(stale.etag).toBe('"v2"');
    lb.route(b.url);
    expect((await onB.get()).body).toEqual(answeredBody({ ...second, cash }, accounts));

    // Signed in at the provider: through B, a new authorization goes straight back to the app.
    expect((await authorizeAt(user.browser)).pathname).toBe('/callback');

    // Sign out on A (the same self-submitting step the SPA takes).
    lb.route(a.url);
    const provider = await providerInfo(lb.url);
    const end = new URL(provider.endSessionEndpoint);
    end.search = new URLSearchParams({
      id_token_hint: renewed.idToken,
      post_logout_redirect_uri: `${lb.url}/callback`,
      state: 'bye',
    }).toString();
    const page = await user.browser.get(end.href);
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const confirmed = await user.browser.postForm(action!, { xsrf: hiddenField(html, 'xsrf'), logout: 'yes' });
    expect(confirmed.status).toBe(303);

    // The session is gone for B too: the next authorization there asks for the password again.
    lb.route(b.url);
    const landed = await authorizeAt(user.browser);
    expect(landed.pathname).toMatch(/^\/signin\//);
    const signInPage = await user.browser.get(landed.href);
    expect(signInPage.status).toBe(200);
    expect(await signInPage.text()).toContain('name="password"');
    // And the refresh token rotated away on B is spent on A as well.
    lb.route(a.url);
    await expect(refreshTokens(lb.url, user.refreshToken!)).rejects.toThrow(/invalid_grant/);
  }, 60_000);

  it('completes one sign-in whose requests alternate between A and B', async () => {
    lb.alternate([a.url, b.url]);
    const user = await signIn(lb.url, { username: 'demo', password: 'demo' });
    expect(new Set(lb.served.slice(-6))).toEqual(new Set([a.url, b.url]));
    lb.route(b.url);
    expect((await transactionsClient(lb.url, user.idToken).get()).status).toBe(200);
    lb.route(a.url);
    expect((await transactionsClient(lb.url, user.idToken).get()).status).toBe(200);
  });

  it('rotates the keys on request: old tokens keep working on both, new ones from a restarted B work on A', async () => {
    lb.route(a.url);
    const before = await signIn(lb.url, { username: 'demo', password: 'demo' });
    const oldKid = decodeProtectedHeader(before.idToken).kid;

    const rotation = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/rotate-provider-keys.ts'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: schema.connectionString, OIDC_ISSUER: '', OIDC_CLIENT_ID: '' },
      encoding: 'utf8',
    });
    expect(rotation.stderr).toBe('');
    expect(rotation.status).toBe(0);
    expect(rotation.stdout).toContain(`still verifying: ${oldKid}`);

    // B restarts (a rolling deploy) and signs with the new key at once.
    await b.close();
    b = await startTestServer(env());
    lb.route(b.url);
    const after = await signIn(lb.url, { username: 'demo', password: 'demo' });
    const newKid = decodeProtectedHeader(after.idToken).kid;
    expect(newKid).not.toBe(oldKid);

    // A has not re-read the keys yet: the unknown key id makes it look (at most once in 5 s, so a read
    // just before may hold it back that long), and then it accepts the new token.
    for (const target of [a.url, b.url]) {
      lb.route(target);
      let status = (await transactionsClient(lb.url, after.idToken).get()).status;
      for (const started = Date.now(); status === 401 && Date.now() - started < 7_000;) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        status = (await transactionsClient(lb.url, after.idToken).get()).status;
      }
      expect(status).toBe(200);
      expect((await transactionsClient(lb.url, before.idToken).get()).status).toBe(200);
    }
    // The provider's session cookie signed with the retired cookie key still counts on the restarted B.
    expect((await authorizeAt(before.browser)).pathname).toBe('/callback');
    const jwks = (await (await fetch(`${lb.url}/oidc/jwks`)).json()) as { keys: Array<{ kid: string; d?: string }> };
    expect(jwks.keys.map((key) => key.kid)).toEqual([newKid, oldKid]);
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);
    // A server restarts and five sign-ins run here: on a loaded machine that can take a minute.
  }, 120_000);
});
