import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core's WCAG 2.1 A/AA violations of critical or serious impact on the page as it is now. */
export async function seriousViolations(page: Page) {
  // A toast or dialog fading in is measured at its final colours, not half-transparent.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
}

/** Whether anything makes the page scroll sideways (DESIGN: nothing wider than the viewport at 360 px). */
export function widerThanViewport(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
