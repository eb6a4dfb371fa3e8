// The local store at scale (DESIGN §10): Chromium's IndexedDB through Dexie with the app's own schema (the newest
// SCHEMA_V* of src/db/app-db.ts), 10,000 events and 50,000 messages (10 chats of 5,000), then at 4x CPU a page of
// 50 read from an index: the next 50 events from now, a chat's latest 50 messages, 50 older than those.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const EVENTS = 10_000;
const MESSAGES = 50_000;
const CHATS = 10;

async function appSchema() {
  const module = await import('../../src/db/app-db.ts');
  const versions = Object.keys(module)
    .filter((name) => /^SCHEMA_V\d+$/.test(name))
    .sort((a, b) => Number(a.slice(8)) - Number(b.slice(8)));
  return { name: versions.at(-1), stores: module[versions.at(-1)] };
}

export async function storeFigures({ origin, chromiumPath, runs }) {
  const schema = await appSchema();
  const dexie = readFileSync(createRequire(import.meta.url).resolve('dexie/dist/dexie.min.js'), 'utf8');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage();
    // A blank page on the app's origin (nothing of the app runs), with Dexie loaded.
    await page.route(`${origin}/__bench/store`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>store</title>' }));
    await page.goto(`${origin}/__bench/store`);
    await page.addScriptTag({ content: dexie });
    await page.evaluate(
      async ({ stores, EVENTS, MESSAGES, CHATS }) => {
        const db = new window.Dexie('fichas-bench-store');
        db.version(1).stores(stores);
        await db.open();
        const now = Date.now();
        const events = [];
        for (let i = 0; i < EVENTS; i += 1) {
          // From 30 days ago to 30 days ahead, in no particular order of id.
          const date = new Date(now + (((i * 7919) % EVENTS) / EVENTS - 0.5) * 60 * 86_400_000).toISOString();
          events.push({
            id: `e${i}`,
            date,
            status: date < new Date(now).toISOString() ? 'FT' : 'NS',
            competition_id: `c${i % 40}`,
            competition_name: `Competição ${i % 40}`,
            home_id: `t${i % 500}`,
            home_name: `Equipa ${i % 500}`,
            home_position: 1,
            away_id: `t${(i + 7) % 500}`,
            away_name: `Equipa ${(i + 7) % 500}`,
            away_position: 2,
            home_goals: null,
            away_goals: null,
            elapsed: null,
            odds: { home: 1.5, draw: 3.2, away: 4.1 },
            odds_live: null,
            probability: { home: 0.5, draw: 0.3, away: 0.2 },
          });
        }
        await db.table('events').bulkPut(events);
        const perChat = MESSAGES / CHATS;
        for (let chat = 0; chat < CHATS; chat += 1) {
          const rows = [];
          for (let i = 0; i < perChat; i += 1) {
            const createdAt = new Date(now - (perChat - i) * 60_000).toISOString();
            const id = `m${chat}-${i}`;
            rows.push({ id, chatKey: `conversa:${chat}`, sortKey: `${createdAt}|${id}`, senderId: i % 3 ? 'u2' : 'u1', mensagem: `Mensagem número ${i}`, imagens: [], createdAt });
          }
          await db.table('messages').bulkPut(rows);
        }
        window.__store = db;
      },
      { stores: schema.stores, EVENTS, MESSAGES, CHATS },
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const samples = { events: [], latest: [], older: [] };
    for (let run = 0; run < runs + 1; run += 1) {
      const times = await page.evaluate(async (run) => {
        const { Dexie } = window;
        const db = window.__store;
        const key = `conversa:${run % 10}`;
        const time = async (read) => {
          const start = performance.now();
          const rows = await read();
          if (rows.length !== 50) throw new Error(`a page of ${rows.length}`);
          return { ms: performance.now() - start, rows };
        };
        const events = await time(() => db.table('events').where('date').aboveOrEqual(new Date().toISOString()).limit(50).toArray());
        const latest = await time(() => db.table('messages').where('[chatKey+sortKey]').between([key, Dexie.minKey], [key, Dexie.maxKey]).reverse().limit(50).toArray());
        const oldest = latest.rows.at(-1).sortKey;
        const older = await time(() => db.table('messages').where('[chatKey+sortKey]').between([key, Dexie.minKey], [key, oldest], true, false).reverse().limit(50).toArray());
        return { events: events.ms, latest: latest.ms, older: older.ms };
      }, run);
      // The first round warms the database up and is not counted.
      if (run > 0) for (const name of Object.keys(samples)) samples[name].push(times[name]);
    }
    return { schema: schema.name, samples, counts: { events: EVENTS, messages: MESSAGES, chats: CHATS } };
  } finally {
    await browser.close();
  }
}
