// LCP on the reference network "AO-3G" (300 ms RTT, 700 kbit/s, 4x CPU slowdown): first visit, repeat visit with
// the service worker, and an offline cold start (DESIGN §10).
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const AO_3G = { offline: false, latency: 300, downloadThroughput: (700 * 1024) / 8, uploadThroughput: (700 * 1024) / 8 };

async function throttle(page, { offline = false } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { ...AO_3G, offline });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

async function lcpOf(page, url, selector) {
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector, { timeout: 60_000 });
  const contentAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(300);
  const lcp = await page.evaluate(() => window.__lcp);
  return { lcp: Math.round(lcp), content: Math.round(contentAt) };
}

export async function lcpFigures({ origin, chromiumPath }) {
  const profile = mkdtempSync(join(tmpdir(), 'fichas-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    viewport: { width: 360, height: 740 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await context.newPage();
    await throttle(page);
    const first = await lcpOf(page, `${origin}/`, '.landing-main h1');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const repeatPage = await context.newPage();
    await throttle(repeatPage);
    const repeat = await lcpOf(repeatPage, `${origin}/`, '.landing-main h1');
    const offlinePage = await context.newPage();
    await throttle(offlinePage, { offline: true });
    const offline = await lcpOf(offlinePage, `${origin}/`, '.landing-main h1');
    return { first, repeat, offline };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
