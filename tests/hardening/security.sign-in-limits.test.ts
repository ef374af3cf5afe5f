/**
 * Sign-in and account creation are limited per account and per address, and password hashing cannot
 * starve everyone else. The red team: 200 wrong passwords in 7.8 s and then the right one accepted;
 * 300 parallel sign-in posts took a quotes request from 16 ms to 6.2 s and `/healthz` to 2.1 s; 20
 * accounts created in 0.9 s. Each case runs on its own server (the limits are per server process).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Browser } from '#helpers/browser';
import { formAction, hiddenField, openSignInPage, pageError, signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { recordTally } from '#helpers/hardening/tally';

const PASSWORD = 'the right one, at last';
/** The time to try again, with its date when that is tomorrow (a run shortly before midnight UTC). */
const TRY_AGAIN = /Try again at \d\d:\d\d UTC( on \d{4}-\d\d-\d\d)?\./;
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Form {
  browser: Browser;
  post(step: 'login' | 'register', fields: Record<string, string>): Promise<Response>;
}

async function signInForm(url: string): Promise<Form> {
  const { browser, html } = await openSignInPage(url);
  const xsrf = hiddenField(html, '_xsrf');
  return {
    browser,
    post: (step, fields) => browser.postForm(new URL(formAction(html, step), url).href, { _xsrf: xsrf, ...fields }),
  };
}

describe('sign-in limits', () => {
  it('locks an account after repeated wrong passwords: the right one is refused until the time it names', async () => {
    server = await startTestServer();
    await signIn(server.url, { username: 'victim', password: PASSWORD, createAccount: true });
    const form = await signInForm(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++)
      statuses.push((await form.post('login', { username: 'victim', password: `guess-${i}` })).status);
    // A few wrong ones are told so; then every attempt is refused without checking the password.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.slice(-150).every((status) => status === 429)).toBe(true);

    const right = await form.post('login', { username: 'Victim', password: PASSWORD });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(60);
    const text = pageError(await right.text());
    expect(text).toMatch(/Too many sign-in attempts/);
    expect(text).toMatch(TRY_AGAIN);
    // Nor through "Create account" with the same name and the right password.
    const sneaky = await form.post('register', { username: 'victim', password: PASSWORD, passwordAgain: PASSWORD });
    expect(sneaky.status).toBe(429);

    // Another account from the same address still signs in.
    await signIn(server.url, { username: 'bystander', password: PASSWORD, createAccount: true });
    await expect(signIn(server.url, { username: 'bystander', password: PASSWORD })).resolves.toMatchObject({
      sub: expect.any(String),
    });
    recordTally({
      section: 'security',
      check: '200 wrong passwords for one account: locked, the right one refused with "try again at"',
      tried: 1,
      held: 1,
      requests: 202,
    });
  });

  /** Creates accounts from this address until one is refused (or 30 went through): how many, and the refusal. */
  async function createUntilRefused(
    url: string,
    prefix: string,
  ): Promise<{ created: number; refused: Response | undefined }> {
    const form = await signInForm(url);
    let created = 0;
    let refused: Response | undefined;
    for (let i = 0; i < 30 && !refused; i++) {
      const response = await form.post('register', {
        username: `${prefix}-${i}`,
        password: PASSWORD,
        passwordAgain: PASSWORD,
      });
      if (response.status === 303) created += 1;
      else refused = response;
      // Each creation signs this browser in; start a fresh sign-in page for the next.
      if (response.status === 303) Object.assign(form, await signInForm(url));
    }
    return { created, refused };
  }

  it('limits account creation from one address, saying when to try again', async () => {
    server = await startTestServer();
    const { created, refused } = await createUntilRefused(server.url, 'mass');
    expect(created).toBe(20);
    expect(refused?.status).toBe(429);
    const text = pageError(await refused!.text());
    expect(text).toMatch(/Too many attempts to create accounts from your address/);
    expect(text).toMatch(TRY_AGAIN);
    recordTally({
      section: 'security',
      check: 'account creation per address: the 21st in an hour refused with "try again at"',
      tried: 1,
      held: 1,
      requests: 21,
    });
  });

  it("takes the operator's number of account creations per hour (ACCOUNT_CREATIONS_PER_HOUR)", async () => {
    server = await startTestServer({ ACCOUNT_CREATIONS_PER_HOUR: '3' });
    const { created, refused } = await createUntilRefused(server.url, 'few');
    expect(created).toBe(3);
    expect(refused?.status).toBe(429);
    expect(pageError(await refused!.text())).toMatch(/Too many attempts to create accounts from your address/);
    recordTally({
      section: 'security',
      check: "account creation per address: the operator's limit (3) holds",
      tried: 1,
      held: 1,
      requests: 4,
    });
  });

  it('keeps quotes and /healthz fast during 300 sign-in posts, 40 at a time', async () => {
    server = await startTestServer();
    const url = server.url;
    const { idToken } = await signIn(url, { username: 'trader', password: PASSWORD, createAccount: true });
    const timed = async (request: () => Promise<Response>) => {
      const started = performance.now();
      const response = await request();
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    const quote = () =>
      timed(() =>
        fetch(`${url}/api/quotes`, {
          method: 'POST',
          headers: { Authorization: idToken, 'content-type': 'application/json' },
          body: JSON.stringify({ symbol: 'MSFT', start: 1_600_000_000, end: 1_700_000_000 }),
        }),
      );
    const health = () => timed(() => fetch(`${url}/healthz`));
    await quote();

    const form = await signInForm(url);
    let done = false;
    const quoteTimes: number[] = [];
    const healthTimes: number[] = [];
    const watch = (async () => {
      while (!done) {
        quoteTimes.push(await quote());
        healthTimes.push(await health());
      }
    })();
    // 300 posts, 40 in flight at a time: well below the server's own cap of 100 connections from one
    // address (tested with the server limits); at 90 in flight, connections of refused posts that were
    // still closing pushed the count over that cap here, and the probes were cut with them.
    const statuses: number[] = [];
    let next = 0;
    const poster = async () => {
      while (next < 300) {
        const i = next++;
        statuses.push((await form.post('login', { username: `user-${i % 7}`, password: `wrong-${i}` })).status);
      }
    };
    await Promise.all(Array.from({ length: 40 }, poster));
    done = true;
    await watch;

    // Refused quickly (limits, or a full hashing queue), never an error.
    expect(statuses.every((status) => [401, 429, 503].includes(status))).toBe(true);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(50);
    // The burst of 300 requests arriving at once costs the first probes a moment (bounds generous for
    // a loaded two-core machine); after it they are quick. Before the fix the quotes waited 6 s and more.
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    expect(quoteTimes.length).toBeGreaterThan(2);
    expect(Math.max(...quoteTimes)).toBeLessThan(3000);
    expect(Math.max(...healthTimes)).toBeLessThan(2500);
    expect(median(quoteTimes)).toBeLessThan(500);
    expect(median(healthTimes)).toBeLessThan(300);
    recordTally({
      section: 'security',
      check: '300 sign-in posts, 40 at a time: quotes and /healthz stay fast',
      tried: 1,
      held: 1,
      requests: 300 + 2 * quoteTimes.length,
    });
  });
});
