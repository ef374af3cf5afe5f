import { test as base, expect, type Page } from '@playwright/test';

/** Every page in these tests must run without console errors or uncaught exceptions. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in through the real provider's form, from the landing page, and waits for the dashboard. */
export async function signIn(page: Page, username = 'demo', password = 'demo'): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  // The provider's page holds a sign-in form and a create-account form: use the first.
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Sign in' }) });
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Creates a new account on the provider's page (from the landing page) and lands on its empty dashboard. */
export async function signUp(page: Page, username: string, password = 'correct horse battery'): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Create account', { exact: true }).first().click();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create account' }) });
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Password (at least 8 characters)').fill(password);
  await form.getByLabel('Password again').fill(password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
