/**
 * The returns banner moves, and stops for good with its Pause button (WCAG 2.2.2): not only while the
 * pointer or the focus is on it. Under reduced motion it does not move and wraps, so at 360 px the 1d,
 * 1w and 1m returns are on the screen, not clipped.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from '#helpers/e2e/fixtures';

/** The track's horizontal offset now, px (from its computed transform matrix). */
const offset = (track: Locator) =>
  track.evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).m41);

/** Whether the focus is anywhere inside the banner (which would pause it by itself). */
const focusInBanner = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('.returns-banner')));

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Pause stops the movement with the pointer and the focus away; Play starts it again', async ({ page }) => {
    await signIn(page);
    const banner = page.getByRole('complementary', { name: 'Returns' });
    const track = banner.locator('.returns-track');
    await expect(track).toBeVisible();
    await page.mouse.move(720, 880); // the pointer far below the banner
    const start = await offset(track);
    await expect.poll(() => offset(track), { message: 'the banner moves' }).not.toBe(start);

    const pause = banner.getByRole('button', { name: 'Pause the moving returns' });
    await pause.focus();
    await page.keyboard.press('Enter');
    const play = banner.getByRole('button', { name: 'Play the moving returns' });
    await expect(play).toBeFocused();
    // Leave the banner: the focus on the page's heading, the pointer elsewhere. Only the button keeps it still.
    await page.keyboard.press('Tab');
    expect(await focusInBanner(page), 'the focus left the banner').toBe(false);
    await expect(banner).toHaveClass(/\bpaused\b/);
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused');
    const still = await offset(track);
    await page.waitForTimeout(700);
    expect(await offset(track), 'no movement while paused').toBe(still);

    await play.focus();
    await page.keyboard.press('Enter');
    await expect(banner.getByRole('button', { name: 'Pause the moving returns' })).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await focusInBanner(page)).toBe(false);
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('running');
    await expect.poll(() => offset(track), { message: 'moving again after Play' }).not.toBe(still);
  });
});

test.describe('at 360 px with reduced motion', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the banner stands still and wraps: 1d, 1w and 1m are on the screen', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page);
    const banner = page.getByRole('complementary', { name: 'Returns' });
    await expect(banner).toBeVisible();
    expect(await banner.locator('.returns-track').evaluate((element) => getComputedStyle(element).animationName)).toBe(
      'none',
    );
    await expect(banner.locator('.returns-block:visible'), 'one copy').toHaveCount(1);
    const window = await banner.locator('.returns-window').evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      right: element.getBoundingClientRect().right,
    }));
    expect(window.scroll, 'nothing clipped sideways in the banner').toBeLessThanOrEqual(window.client);
    for (const label of ['1d', '1w', '1m']) {
      const item = banner
        .locator('.returns-block')
        .first()
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${label} `) });
      await expect(item).toBeInViewport({ ratio: 1 });
      const box = (await item.boundingBox())!;
      expect(box.x, `${label} starts on the screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${label} ends within the banner`).toBeLessThanOrEqual(window.right + 0.5);
    }
  });
});
