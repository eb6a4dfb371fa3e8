import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { PHONE } from './helpers.ts';

/** axe-core's WCAG 2.1 A/AA violations of critical or serious impact on the page as it is now. */
export async function seriousViolations(page: Page) {
  // A toast or dialog fading in is measured at its final colours, not half-transparent.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  // Only the violations are gathered in full (axe's resultTypes): the rules all run, the passes are not written out.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
}

/** Whether anything makes the page scroll sideways (DESIGN: nothing wider than the viewport at 360 px). */
export function widerThanViewport(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

export const DESKTOP = { width: 1280, height: 900 };

type Lang = 'pt' | 'en';
type Viewport = { width: number; height: number };

/**
 * Whether the screen checks run axe at this language and width. axe's serious findings (names, roles, contrast) come
 * from the markup and the colours, which do not depend on the pair once each language and each width is scanned once:
 * pt at the phone's width and en on a desktop. E2E_AXE=all scans every pair.
 */
export function axeScans(lang: Lang, width: number): boolean {
  if (process.env.E2E_AXE === 'all') return true;
  return lang === 'pt' ? width < 700 : width >= 700;
}

/**
 * The screen as it is now, at each width (a phone, then a desktop, starting with the one the page already has, by
 * resizing the same page): nothing wider than the viewport, a screenshot `<dir>/<name>-<lang>-<width>.png` (when a
 * folder is given), and (unless `axe: false`) no serious axe violation at the pairs `axeScans` picks. The page is left
 * at the last width.
 */
export async function checkScreen(
  page: Page,
  screen: { name: string; lang: Lang; dir?: string; fullPage?: boolean; viewports?: readonly Viewport[]; axe?: boolean },
): Promise<void> {
  const current = page.viewportSize();
  const viewports = [...(screen.viewports ?? [PHONE, DESKTOP])].sort((a, b) => Number(b.width === current?.width) - Number(a.width === current?.width));
  for (const viewport of viewports) {
    const what = `${screen.name} ${screen.lang} ${viewport.width}`;
    const size = page.viewportSize();
    if (size?.width !== viewport.width || size.height !== viewport.height) {
      await page.setViewportSize(viewport);
      // The resize is laid out and painted before anything is measured.
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    }
    // What is moving in (a banner, a toast, a panel) has arrived before anything is measured or captured.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    );
    expect(await widerThanViewport(page), `${what} wider than the viewport`).toBe(false);
    if (screen.dir) await page.screenshot({ path: `${screen.dir}/${screen.name}-${screen.lang}-${viewport.width}.png`, fullPage: screen.fullPage ?? false });
    if (screen.axe !== false && axeScans(screen.lang, viewport.width)) expect(await seriousViolations(page), what).toEqual([]);
  }
}

/** No serious axe violation and nothing wider than the viewport, on the page as it is now. */
export async function checkA11y(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), what).toEqual([]);
  expect(await widerThanViewport(page), `${what} wider than the viewport`).toBe(false);
}
