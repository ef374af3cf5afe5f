/**
 * Security in the browser: no token ever lands in localStorage, IndexedDB or a cookie the page can read
 * (IndexedDB holds the user's quotes, transaction set and figures alone, src/worker/held-quotes/); after
 * logout nothing is left in session storage or IndexedDB either; every document the browser loads (landing,
 * the provider's sign-in page, the callback, the app's routes) comes with the Content-Security-Policy,
 * and not one CSP violation is reported on the way.
 */
import type { Page } from '@playwright/test';
import { freshAccount, signInThroughProvider } from '#helpers/e2e/pages';
import { expect, test } from '#helpers/e2e/fixtures';

const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/;

interface StorageSnapshot {
  local: Record<string, string>;
  session: Record<string, string>;
  cookie: string;
  indexedDb: string[];
}

async function storage(page: Page): Promise<StorageSnapshot> {
  return page.evaluate(async () => {
    const entries = (store: Storage) =>
      Object.fromEntries(
        Array.from({ length: store.length }, (_, i) => store.key(i)!).map((key) => [key, store.getItem(key) ?? '']),
      );
    const databases = 'databases' in indexedDB ? await indexedDB.databases() : [];
    return {
      local: entries(localStorage),
      session: entries(sessionStorage),
      cookie: document.cookie,
      indexedDb: databases.map((d) => d.name ?? ''),
    };
  });
}

test('tokens stay out of localStorage, IndexedDB and cookies; logout empties session storage; CSP on every document, no violation', async ({
  page,
}) => {
  const violations: string[] = [];
  const documentsWithoutCsp: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} on ${location.pathname}`,
      );
    });
  });
  const documents: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'document') return;
    const path = new URL(response.url()).pathname;
    documents.push(path);
    const csp = (await response.allHeaders())['content-security-policy'] ?? '';
    if (!csp.includes("script-src 'self'") || !csp.includes("frame-ancestors 'none'")) documentsWithoutCsp.push(path);
  });

  await signInThroughProvider(page, freshAccount('security'), { createAccount: true });
  const signedIn = await storage(page);
  expect(Object.keys(signedIn.local), 'localStorage while signed in').toEqual([]);
  expect(JSON.stringify(signedIn.local)).not.toMatch(JWT);
  expect(signedIn.cookie, 'a cookie the page can read').not.toMatch(JWT);
  const heldQuotes = /^investments-tracker-quotes:/;
  expect(
    signedIn.indexedDb.filter((name) => !heldQuotes.test(name)),
    'IndexedDB databases other than the held quotes',
  ).toEqual([]);
  // The session (with the ID token) lives in this tab's session storage only, by design.
  expect(JSON.stringify(signedIn.session)).toMatch(JWT);

  for (const route of ['/transactions', '/dashboard']) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(Object.keys((await storage(page)).local), 'localStorage after a reload').toEqual([]);
  const cookies = await page.context().cookies();
  for (const cookie of cookies) expect(cookie.value, `cookie ${cookie.name}`).not.toMatch(JWT);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const signedOut = await storage(page);
  expect(signedOut.session, 'session storage after logout').toEqual({});
  expect(signedOut.local, 'localStorage after logout').toEqual({});
  expect(signedOut.indexedDb, 'IndexedDB after logout').toEqual([]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  expect(documents, 'the documents loaded on the way').toEqual(
    expect.arrayContaining(['/login', '/dashboard', '/transactions', '/callback']),
  );
  expect(
    documents.some((path) => path.startsWith('/signin/')),
    'the provider sign-in page was loaded',
  ).toBe(true);
  expect(documentsWithoutCsp, 'documents without the CSP').toEqual([]);
  expect(violations, 'CSP violations').toEqual([]);
});

test('a sign-in error whose state matches nothing shows our own words, never the sender’s', async ({ page }) => {
  const attacker = 'Your account is locked, call +1 555 0100 now';
  await page.goto(`/callback?error=access_denied&error_description=${encodeURIComponent(attacker)}&state=nope`);
  await expect(page.getByText(/does not match a sign-in started here/)).toBeVisible();
  await expect(page.getByText(attacker)).toHaveCount(0);
});
