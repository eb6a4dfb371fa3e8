/* global document, requestAnimationFrame, MutationObserver, location -- these run inside the page */
// What a user gets on AO-3G (DESIGN §10), the whole origin shaped by tests/bench/shaper.mjs, the page's main thread
// slowed 4x through CDP. Per run, each in a fresh profile:
//  A. `/` signed out, first visit: JS requested before the landing's content is painted (from the page's resource
//     timing, so lazy chunks the first render waits for count), FCP, LCP, and what the service worker downloads.
//  B. `/explorar` signed in (cookie only, empty store, no service worker), first visit: JS before the page's
//     content, local data on screen, total blocking time; then a repeat visit in a new tab (service worker and
//     store warm): LCP and local data on screen, TBT; then the browser is closed and started again on the same
//     profile with the phone offline: navigation start to local data on screen (not the splash).
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CPU_RATE = 4;
const WATCH = {
  landing: '.landing-main h1',
  explore: '.explore-page h1',
  data: '.explore-page .event-row, .explore-page article.slip-card',
  splash: '.boot',
};

function installProbes(watch) {
  const bench = { lcp: [], long: [], seen: {}, painted: {} };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const splash = !!entry.element?.closest?.('.boot');
        bench.lcp.push({ t: entry.startTime, size: entry.size, tag: `${entry.element?.tagName ?? '?'}${splash ? ' in the boot splash' : ''}`, splash });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    /* not supported */
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.long.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* not supported */
  }
  // When the service worker reached 'activated' (wall clock, to compare with the shaper's request log).
  navigator.serviceWorker?.ready.then((registration) => {
    const worker = registration.active;
    const mark = () => {
      bench.swActivatedAt ??= Date.now();
    };
    if (worker?.state === 'activated') mark();
    else worker?.addEventListener('statechange', () => worker.state === 'activated' && mark());
  });
  const check = () => {
    for (const [key, selector] of Object.entries(watch)) {
      if (key in bench.seen || !document.querySelector(selector)) continue;
      bench.seen[key] = performance.now();
      // The frame after the DOM change is when it can be on screen.
      requestAnimationFrame(() => {
        bench.painted[key] = performance.now();
      });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function slowPage(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  return cdp;
}

/** Runs a fixed loop in the page and returns its ms: the ratio to an unthrottled page shows the CPU slowdown held. */
const spin = (page) =>
  page.evaluate(() => {
    const start = performance.now();
    let x = 0;
    for (let i = 0; i < 3e6; i += 1) x = (x + i * 7) % 1000003;
    return performance.now() - start + (x < 0 ? 1 : 0);
  });

/** What the page shows, for a run whose awaited element never came. */
const onScreen = (page) =>
  page
    .evaluate(() => `${location.pathname}: ${(document.body?.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 160)}`)
    .catch((error) => `(page gone: ${error.message.split('\n')[0]})`);

const missing = [];

async function waitFor(page, key, limitMs = 45_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const at = await page.evaluate((k) => window.__bench?.painted?.[k] ?? null, key).catch(() => null);
    if (at !== null) return at;
    await sleep(100);
  }
  missing.push(`${WATCH[key]} not shown within ${limitMs / 1000} s; on screen ${await onScreen(page)}`);
  return null;
}

const gzipOf = (gz, paths, until) => (until === null ? NaN : paths.reduce((sum, path) => sum + (gz(path) ?? 0), 0));

/** TBT: sum of (long task - 50 ms) from FCP until 5 s pass with no long task (at most 30 s after navigation). */
async function totalBlockingTime(page) {
  for (;;) {
    const { now, long } = await page.evaluate(() => ({ now: performance.now(), long: window.__bench.long }));
    const lastEnd = Math.max(0, ...long.map((task) => task.start + task.duration));
    if (now - lastEnd >= 5000 || now > 30_000) break;
    await sleep(250);
  }
  return page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return window.__bench.long.reduce((sum, task) => (task.start + task.duration > fcp ? sum + Math.max(0, task.duration - 50) : sum), 0);
  });
}

/** Page-side facts: FCP, last LCP, and the JS and API requests that started before `until` (ms after navigation). */
function pageFacts(page, until) {
  return page.evaluate((until) => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const lcp = window.__bench.lcp.at(-1) ?? null;
    const resources = performance.getEntriesByType('resource').map((entry) => ({
      path: new URL(entry.name).pathname,
      start: entry.startTime,
      transfer: entry.transferSize,
      origin: new URL(entry.name).origin === location.origin,
    }));
    const before = resources.filter((entry) => entry.origin && entry.start < until);
    return {
      fcp,
      lcp: lcp?.t ?? null,
      lcpTag: lcp?.tag ?? null,
      lcpSplash: lcp?.splash ?? false,
      js: before.filter((entry) => entry.path.endsWith('.js')).map((entry) => entry.path),
      jsBeforeFcp: before.filter((entry) => entry.path.endsWith('.js') && fcp !== null && entry.start < fcp).map((entry) => entry.path),
      api: before.filter((entry) => entry.path.startsWith('/api/')).map((entry) => entry.path),
      networkPaths: resources.filter((entry) => entry.origin && entry.transfer > 0).map((entry) => entry.path),
    };
  }, until);
}

/**
 * When the browser had parsed the page's HTML (domInteractive, ms after navigation start): the part of a start that
 * is the browser's own (a new process or tab, the worker answering the navigation, index.html), before the app's code
 * runs. It follows the machine's speed as the rest does, and shows how much of a figure the app can act on.
 */
const htmlParsed = (page) => page.evaluate(() => performance.getEntriesByType('navigation')[0]?.domInteractive ?? null).catch(() => null);

async function serviceWorkerActive(page, limitMs = 60_000) {
  return page
    .evaluate(
      (limitMs) =>
        Promise.race([
          navigator.serviceWorker.ready.then(async (registration) => {
            const worker = registration.active;
            if (worker && worker.state !== 'activated') await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
            return true;
          }),
          new Promise((resolve) => setTimeout(() => resolve(false), limitMs)),
        ]),
      limitMs,
    )
    .catch(() => false);
}

async function launch(profile, chromiumPath) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--host-resolver-rules=MAP localhost 127.0.0.1'],
  });
  await context.addInitScript(installProbes, WATCH);
  return context;
}

async function signIn(context, origin) {
  const headers = { 'X-Requested-With': 'fichas' };
  const { csrfToken } = await (await context.request.get(`${origin}/api/auth/csrf`, { headers })).json();
  const response = await context.request.post(`${origin}/api/auth/callback/credentials`, {
    headers,
    form: { csrfToken, userData: 'demo', password: 'demo12345', callbackUrl: `${origin}/explorar`, json: 'true' },
  });
  if (!response.ok()) throw new Error(`sign-in answered ${response.status()}`);
}

/** Run A: `/` signed out, first visit. */
async function firstVisitLanding({ origin, shaper, chromiumPath, gz }) {
  const profile = mkdtempSync(join(tmpdir(), 'fichas-bench-a-'));
  const context = await launch(profile, chromiumPath);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await slowPage(context, page);
    shaper.setShaping(true);
    const before = shaper.counters();
    await page.goto(`${origin}/`, { waitUntil: 'commit' });
    const content = await waitFor(page, 'landing');
    await sleep(500);
    const facts = await pageFacts(page, content ?? Infinity);
    // The quickest of three loops each way: the least disturbed by whatever else the machine runs.
    const quickest = async () => Math.min(await spin(page), await spin(page), await spin(page));
    const slowSpin = await quickest();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const hostSpin = await quickest();
    const cpuCheck = slowSpin / hostSpin;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const active = await serviceWorkerActive(page);
    // Requests before this were made before the worker was activated: its install (the precache).
    const activatedAt = (await page.evaluate(() => window.__bench.swActivatedAt ?? null).catch(() => null)) ?? Date.now();
    await shaper.quiet(1500);
    const after = shaper.counters();
    // Built files that went over the link and the page itself did not fetch: the service worker's precache download
    // (its own script, sw.js, apart).
    const pageFetched = new Map();
    // Everything the page fetched from the network until now, its later lazy chunks included.
    const { networkPaths } = await pageFacts(page, Infinity);
    for (const path of networkPaths) pageFetched.set(path, (pageFetched.get(path) ?? 0) + 1);
    let workerBytes = 0;
    let workerFiles = 0;
    const workerList = [];
    let laterBytes = 0;
    let laterFiles = 0;
    shaper.requestsSince(before.requests).forEach(({ path, wall }) => {
      const clean = path.split('?')[0];
      if ((pageFetched.get(clean) ?? 0) > 0) pageFetched.set(clean, pageFetched.get(clean) - 1);
      else if (clean !== '/sw.js' && gz(clean) !== null) {
        if (wall <= activatedAt) {
          workerBytes += gz(clean);
          workerFiles += 1;
          workerList.push(clean);
        } else {
          laterBytes += gz(clean);
          laterFiles += 1;
        }
      }
    });
    return {
      content,
      fcp: facts.fcp,
      lcp: facts.lcp,
      lcpTag: facts.lcpTag,
      lcpSplash: facts.lcpSplash,
      jsFiles: facts.js,
      jsGzip: gzipOf(gz, facts.js, content),
      jsBeforeFcpGzip: gzipOf(gz, facts.jsBeforeFcp, facts.fcp),
      apiBefore: facts.api,
      swActive: active,
      wireDown: after.down - before.down,
      workerGzip: workerBytes,
      workerFiles,
      workerList,
      laterGzip: laterBytes,
      laterFiles,
      cpuCheck,
      hostSpin,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Run B: `/explorar` signed in, first visit, repeat visit, offline cold start. */
async function signedInExplore({ origin, shaper, chromiumPath, gz }) {
  const profile = mkdtempSync(join(tmpdir(), 'fichas-bench-b-'));
  let context = await launch(profile, chromiumPath);
  const result = {};
  try {
    shaper.setShaping(false);
    await signIn(context, origin);
    shaper.setShaping(true);
    let page = context.pages()[0] ?? (await context.newPage());
    await slowPage(context, page);
    await page.goto(`${origin}/explorar`, { waitUntil: 'commit' });
    const content = await waitFor(page, 'explore');
    const data = await waitFor(page, 'data');
    const facts = await pageFacts(page, content ?? Infinity);
    result.first = {
      content,
      data,
      fcp: facts.fcp,
      lcp: facts.lcp,
      lcpTag: facts.lcpTag,
      jsFiles: facts.js,
      jsGzip: gzipOf(gz, facts.js, content),
      jsBeforeFcpGzip: gzipOf(gz, facts.jsBeforeFcp, facts.fcp),
      apiBefore: facts.api,
      tbt: await totalBlockingTime(page),
    };
    await serviceWorkerActive(page);
    await shaper.quiet(2000);
    await page.close();

    // Repeat visit: a new tab, service worker and store warm, still on AO-3G.
    page = await context.newPage();
    await slowPage(context, page);
    await page.goto(`${origin}/explorar`, { waitUntil: 'commit' });
    const repeatData = await waitFor(page, 'data');
    await sleep(300);
    const repeatFacts = await pageFacts(page, repeatData ?? Infinity);
    result.repeat = {
      data: repeatData,
      parsed: await htmlParsed(page),
      lcp: repeatFacts.lcp,
      lcpTag: repeatFacts.lcpTag,
      lcpSplash: repeatFacts.lcpSplash,
      splash: await page.evaluate(() => window.__bench.painted.splash ?? null),
      tbt: await totalBlockingTime(page),
    };
    await shaper.quiet(1000, 10_000);
    await context.close();

    // Offline cold start: a new browser process on the same profile, the phone offline (pages and worker).
    shaper.setOffline(true);
    context = await launch(profile, chromiumPath);
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    await slowPage(context, page);
    await page.goto(`${origin}/explorar`, { waitUntil: 'commit' }).catch(() => {});
    const offlineData = await waitFor(page, 'data', 30_000);
    const offlineFacts = await pageFacts(page, Infinity).catch(() => ({ lcp: null }));
    result.offline = {
      data: offlineData,
      parsed: await htmlParsed(page),
      lcp: offlineFacts.lcp,
      explore: await page.evaluate(() => window.__bench.painted.explore ?? null).catch(() => null),
    };
    return result;
  } finally {
    shaper.setOffline(false);
    shaper.setShaping(true);
    await context.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function pageFigures({ origin, shaper, chromiumPath, gz, runs, log = () => {} }) {
  const landing = [];
  const explore = [];
  missing.length = 0;
  for (let run = 0; run < runs; run += 1) {
    try {
      landing.push(await firstVisitLanding({ origin, shaper, chromiumPath, gz }));
    } catch (error) {
      log(`run ${run + 1} (landing) failed: ${error.message.split('\n')[0]}`);
    }
    try {
      explore.push(await signedInExplore({ origin, shaper, chromiumPath, gz }));
    } catch (error) {
      log(`run ${run + 1} (explore) failed: ${error.message.split('\n')[0]}`);
    }
    log(`run ${run + 1}/${runs} done`);
  }
  return { landing, explore, missing };
}
