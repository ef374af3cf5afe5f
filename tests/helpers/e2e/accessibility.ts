import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
/** axe-core's browser build, injected into the page under test. */
const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules and best practices) on the page as it is and fails on any violation
 * of impact 'serious' or 'critical', listing each with the elements it found.
 */
export async function expectNoSeriousAxeViolations(page: Page, screen: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const results = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  if (process.env.AXE_REPORT)
    console.log(screen, JSON.stringify(violations.map((v) => [v.id, v.impact, v.nodes.length])));
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `axe: serious or critical violations on ${screen}`).toEqual([]);
}

/**
 * The page does not scroll sideways once laid out for its viewport: nothing is wider than it (a failure names
 * the elements that stick out). Asked again for up to 2 s: right after a resize, a windowed table still holds
 * the rows it drew for the width before until its next render (base-currency.spec once caught that frame).
 */
export async function expectNoHorizontalScroll(page: Page, screen: string): Promise<void> {
  await expect(() => noHorizontalScrollNow(page, screen)).toPass({ timeout: 2_000, intervals: [50, 100, 250] });
}

async function noHorizontalScrollNow(page: Page, screen: string): Promise<void> {
  const widths = await page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > client + 0.5 && element.getClientRects().length > 0)
      .slice(-5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} (${Math.round(element.getBoundingClientRect().right)} px)`,
      );
    return { scroll: document.documentElement.scrollWidth, client, outside };
  });
  expect(
    widths.scroll,
    `${screen}: page ${widths.scroll} px wide in a ${widths.client} px viewport; sticking out: ${widths.outside.join(', ')}`,
  ).toBeLessThanOrEqual(widths.client);
}
