import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { PHONE } from './helpers.ts';

/**
 * axe-core's experimental rules (`axe.getRules(['experimental'])`), each turned on by name: they are off by default,
 * and a tag does not turn them on.
 */
const EXPERIMENTAL_RULES = Object.fromEntries(
  ['css-orientation-lock', 'focus-order-semantics', 'hidden-content', 'label-content-name-mismatch', 'p-as-heading', 'table-fake-caption', 'td-has-header'].map(
    (id) => [id, { enabled: true }],
  ),
);

/**
 * axe-core's WCAG 2.1 A/AA violations of critical or serious impact on the page as it is now, its experimental rules
 * included (DESIGN §11; among them label-content-name-mismatch, WCAG 2.5.3: a name holds the visible text).
 */
export async function seriousViolations(page: Page) {
  // A toast or dialog fading in is measured at its final colours, not half-transparent.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  // Only the violations are gathered in full (axe's resultTypes): the rules all run, the passes are not written out.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'], rules: EXPERIMENTAL_RULES })
    .analyze();
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

/** The smallest a finger can hit (DESIGN §11: 44 × 44 CSS px). */
export const TAP_TARGET = 44;

/**
 * Controls on screen smaller than a finger in either direction, as `text (width×height)`. Left out, as WCAG 2.5.8
 * leaves them: a link inside a sentence, a control the browser draws inside a bigger label that takes its taps
 * (a checkbox in its row), an input kept out of sight behind its button-like label, and what is hidden or scrolled
 * out of the view.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((least) => {
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, label.button, select, input:not([type="hidden"]), textarea, [role="button"], [role="tab"], [role="switch"], summary');
    const small: string[] = [];
    for (const control of controls) {
      // A link stretched over its card by an ::after (the slip cards) is as big as the card.
      const after = getComputedStyle(control, '::after');
      const stretched = after.position === 'absolute' && after.content !== 'none' && control.offsetParent instanceof HTMLElement;
      const box = (stretched ? (control.offsetParent as HTMLElement) : control).getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) continue;
      if (control.closest('[aria-hidden="true"], [inert]')) continue;
      // Out of sight on purpose (a file input whose button is its label, which is checked instead).
      if (getComputedStyle(control).clip !== 'auto') continue;
      if (box.width >= least - 0.5 && box.height >= least - 0.5) continue;
      const parent = control.parentElement;
      const inSentence = control instanceof HTMLAnchorElement && parent !== null && getComputedStyle(control).display === 'inline' && (parent.textContent ?? '').trim().length > (control.textContent ?? '').trim().length;
      if (inSentence) continue;
      const label = control.closest('label');
      if (label) {
        const labelBox = label.getBoundingClientRect();
        if (labelBox.width >= least - 0.5 && labelBox.height >= least - 0.5) continue;
      }
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
      small.push(`${name.slice(0, 40)} <${control.tagName.toLowerCase()}${control.className ? ` .${String(control.className).split(' ').join('.')}` : ''}> (${Math.round(box.width)}×${Math.round(box.height)})`);
    }
    return small;
  }, TAP_TARGET);
}
