/* global indexedDB, IDBKeyRange, document, requestAnimationFrame -- these run inside the page (page.evaluate) */
// A long chat (DESIGN §10, the local store): 5,000 messages stored in one conversation on the phone, then at 4x CPU
// slowdown the time to open it from the conversation list and the time to load 50 older messages ("Mensagens
// anteriores"). Each figure is measured inside the page (click to rows on screen), `runs` times; scripts/bench.mjs
// prints the median with min and max. The network is not shaped here: this is the phone's own work on its stored
// messages.
import { chromium } from '@playwright/test';

const STORED = 5000;

/** Writes `count` messages into the stored chat, a minute apart, older than anything the server sent. */
function storeMessages(page, { chatKey, selfId, count }) {
  return page.evaluate(
    ({ chatKey, selfId, count }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('fichas');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('messages', 'readwrite');
          const store = tx.objectStore('messages');
          const start = Date.now() - 2 * 86_400_000 - count * 60_000;
          for (let i = 0; i < count; i += 1) {
            const createdAt = new Date(start + i * 60_000).toISOString();
            const id = `bench-${String(i).padStart(5, '0')}`;
            const own = i % 3 === 0;
            store.put({
              id,
              chatKey,
              sortKey: `${createdAt}|${id}`,
              senderId: own ? selfId : 'bench-other',
              sender: { nome: own ? 'Eu' : 'Outro', nomeUsuario: own ? 'eu' : 'outro' },
              mensagem: `Mensagem número ${i}: ${'texto de uma conversa longa '.repeat(1 + (i % 4))}`,
              imagens: [],
              createdAt,
              recurso: null,
            });
          }
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    { chatKey, selfId, count },
  );
}

/** The stored conversation with @moderador and the signed-in user's id. */
function chatOf(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('fichas');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['conversations', 'kv']);
          const rows = tx.objectStore('conversations').getAll();
          const session = tx.objectStore('kv').get('session');
          tx.oncomplete = () => {
            const row = rows.result.find(({ data }) => [data.primeiroUsuario.nomeUsuario, data.segundoUsuario.nomeUsuario].includes('moderador'));
            resolve({ chatKey: row ? `conversa:${row.id}` : null, selfId: session.result?.session?.user?.id ?? null });
          };
        };
      }),
  );
}

/** Clicks `selector` inside the page and resolves with the ms until `done()` holds on a frame. */
function timeClick(page, selector, doneSource) {
  return page.evaluate(
    ({ selector, doneSource }) =>
      new Promise((resolve, reject) => {
        const done = new Function(`return (${doneSource})();`);
        const target = document.querySelector(selector);
        if (!target) return reject(new Error(`nothing matches ${selector}`));
        const start = performance.now();
        target.click();
        const check = () => {
          if (done()) resolve(performance.now() - start);
          else if (performance.now() - start > 60_000) reject(new Error(`not done 60 s after clicking ${selector}`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { selector, doneSource },
  );
}

// In the page: the smallest "Mensagem número N" shown, and whether the chat's rows are on screen.
const OLDEST = `() => Math.min(...[...document.querySelectorAll('.message-text')].map((node) => Number(/^Mensagem número (\\d+)/.exec(node.textContent ?? '')?.[1] ?? Infinity)))`;
const OPENED = `() => document.querySelectorAll('.message-scroller li').length >= 5 && (${OLDEST})() < Infinity`;

export async function chatFigures({ origin, chromiumPath, runs }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${origin}/login`);
    await page.locator('#field-userData').fill('demo');
    await page.locator('#field-password').fill('demo12345');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/\/explorar$/);
    await page.goto(`${origin}/dashboard/comunidade/conversas/moderador`);
    await page.getByRole('textbox', { name: 'Mensagem' }).waitFor();
    let chat = { chatKey: null };
    for (let i = 0; i < 50 && !chat.chatKey; i += 1) {
      chat = await chatOf(page);
      if (!chat.chatKey) await page.waitForTimeout(200);
    }
    if (!chat.chatKey || !chat.selfId) throw new Error('the chat with @moderador is not stored');
    await storeMessages(page, { ...chat, count: STORED });
    const stored = await page.evaluate(
      (chatKey) =>
        new Promise((resolve) => {
          const open = indexedDB.open('fichas');
          open.onsuccess = () => {
            const count = open.result.transaction('messages').objectStore('messages').index('[chatKey+sortKey]').count(IDBKeyRange.bound([chatKey, ''], [chatKey, '\uffff']));
            count.onsuccess = () => resolve(count.result);
          };
        }),
      chat.chatKey,
    );

    const cdp = await page.context().newCDPSession(page);
    const opens = [];
    const olders = [];
    let rowsInPage = 0;
    for (let run = 0; run < runs; run += 1) {
      await page.goto(`${origin}/dashboard/comunidade/conversas`);
      await page.locator('a.conversation-item[href$="/moderador"]').waitFor();
      await page.waitForTimeout(300);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      opens.push(await timeClick(page, 'a.conversation-item[href$="/moderador"]', OPENED));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.getByRole('button', { name: 'Mensagens anteriores' }).waitFor();
      await page.waitForTimeout(500);
      // The older page goes above what is on screen (the view stays put), so it shows as the list growing.
      const before = await page.evaluate(() => document.querySelector('.message-scroller').scrollHeight);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      olders.push(await timeClick(page, 'button.load-older', `() => document.querySelector('.message-scroller').scrollHeight > ${before}`));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      rowsInPage = Math.max(rowsInPage, await page.locator('.message-scroller li').count());
    }
    return { stored, open: opens, older: olders, rowsInPage };
  } finally {
    await browser.close();
  }
}
