/**
 * Helpers for the hardening specs in `tests/hardening/*.in-the-browser.spec.ts`: sign in (or create an account)
 * through the real provider's pages at any server, in a tab that may already have a provider session;
 * and watch a page for uncaught errors and console errors, except the network errors a fault test
 * causes on purpose.
 */
import { expect, type Page } from '@playwright/test';

export interface Account {
  username: string;
  password: string;
}

/**
 * From the app's login page through the provider and back to the dashboard. A tab of a browser that
 * already signed in (another tab) goes straight through: the provider remembers the session.
 */
export async function signInThroughProvider(
  page: Page,
  account: Account,
  options: { createAccount?: boolean } = {},
): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  const signInButton = page.getByRole('button', { name: 'Sign in' });
  await expect(signInButton.or(page.getByRole('heading', { name: 'Dashboard' }))).toBeVisible();
  if (await page.getByRole('heading', { name: 'Dashboard' }).isVisible()) return;
  if (options.createAccount) {
    await page.getByText('Create account', { exact: true }).first().click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create account' }) });
    await form.getByLabel('Username', { exact: true }).fill(account.username);
    await form.getByLabel('Password (at least 8 characters)').fill(account.password);
    await form.getByLabel('Password again').fill(account.password);
    await form.getByRole('button', { name: 'Create account' }).click();
  } else {
    const form = page.locator('form').filter({ has: signInButton });
    await form.getByLabel('Username', { exact: true }).fill(account.username);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await signInButton.click();
  }
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A fresh account name per run, so specs never share a set. */
export function freshAccount(prefix: string): Account {
  return {
    username: `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
    password: 'hardening-password',
  };
}

/**
 * Collects uncaught exceptions and console errors of a page. `expectedNetworkErrors` are statuses a
 * test provokes on purpose: Chromium logs "Failed to load resource: … status of 503" for them.
 */
export function watchForErrors(page: Page, expectedNetworkErrors: number[] = []): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const status = /Failed to load resource: the server responded with a status of (\d{3})/.exec(text)?.[1];
    if (status !== undefined && expectedNetworkErrors.includes(Number(status))) return;
    errors.push(text);
  });
  return errors;
}
