import { expect, type APIRequestContext, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { OUTBOX_SYNC_TAG } from '../../../src/sync/outbox/sync-tag.ts';

// The phone offline as a whole (pages and service worker), Background Sync woken on demand, and what the server
// holds read from the test's side, so "nothing arrived while offline" and "arrived once" are facts, not hopes.

/** Whether a fetch made by the service worker itself reaches the server; null when the worker went away meanwhile. */
async function workerReachesServer(worker: Worker): Promise<boolean | null> {
  return worker
    .evaluate(async () => {
      try {
        await fetch('/api/client/public/estado', { cache: 'no-store' });
        return true;
      } catch {
        return false;
      }
    })
    .catch(() => null);
}

/**
 * Takes the whole phone offline or back: every page and the service worker. Playwright gives service workers the
 * context's network emulation too; this checks it, because a worker left online would let Background Sync deliver
 * while the test believes the phone is offline.
 */
export async function setPhoneOffline(context: BrowserContext, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  // A worker that started a moment ago (the app registers it after its first screen) gets the emulation a little
  // later than the pages: asked again until it follows (or goes away), never assumed.
  for (const worker of context.serviceWorkers()) {
    await expect
      .poll(async () => (await workerReachesServer(worker)) ?? !offline, { message: 'the service worker follows the phone offline and back', timeout: 10_000 })
      .toBe(!offline);
  }
}

/** The most tries any waiting outbox entry has had; each failed try adds one (src/sync/outbox/replayer.ts). */
async function outboxTries(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('fichas');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => resolve(Math.max(0, ...(all.result as { attempts: number }[]).map((entry) => entry.attempts)));
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Makes every waiting outbox entry due now (a failed try leaves it waiting out a back-off first). */
async function makeOutboxDue(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('fichas');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          const cursor = tx.objectStore('outbox').openCursor();
          cursor.onsuccess = () => {
            const row = cursor.result;
            if (!row) return;
            const entry = row.value as { state: string; nextAttemptAt: number };
            if (entry.state === 'pending') row.update({ ...entry, nextAttemptAt: 0 });
            row.continue();
          };
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

interface WorkerEvents {
  /** Fires the service worker's `sync` event for the outbox, as the browser does when a connection comes back. */
  fire(): Promise<void>;
  /**
   * Hands a push to the service worker as the browser's push service would (a real push subscription needs the
   * browser vendor's push service, which a test run cannot count on reaching).
   */
  deliverPush(payload: unknown): Promise<void>;
  /**
   * While the phone is offline: makes the outbox due, wakes the worker's Background Sync (a worker left online
   * delivers at once; Chromium holds the event while the worker is offline) and has the page try too, then waits
   * until that try has failed. A server that still lacks the change afterwards shows that nothing got out, not
   * merely that nothing tried yet.
   */
  triedOffline(page: Page): Promise<void>;
}

/**
 * Background Sync of the app's service worker driven through the DevTools protocol. The session lives on a blank
 * page of no origin, so the app's own pages can all be closed and the worker run with none open.
 */
export async function workerEvents(context: BrowserContext, origin: string): Promise<WorkerEvents> {
  const holder = await context.newPage();
  const cdp = await context.newCDPSession(holder);
  let registrationId: string | undefined;
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
    const ours = event.registrations.find((registration) => registration.scopeURL.startsWith(origin) && !registration.isDeleted);
    if (ours) registrationId = ours.registrationId;
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrationId, { message: 'the app has a service worker registration' }).toBeDefined();

  const fire = async () => {
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: registrationId ?? '', tag: OUTBOX_SYNC_TAG, lastChance: false });
  };
  return {
    fire,
    async deliverPush(payload) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registrationId ?? '', data: JSON.stringify(payload) });
    },
    async triedOffline(page) {
      const before = await outboxTries(page);
      await makeOutboxDue(page);
      await fire();
      // The page's own trigger: coming back into view sends what is due (src/sync/outbox/page.ts).
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect
        .poll(() => outboxTries(page), { message: 'the outbox was tried again offline and failed', timeout: 20_000 })
        .toBeGreaterThan(before);
    },
  };
}

/** Waits until the open chat has nothing on its way: its conversation stored and read, and the outbox empty. */
export async function waitForChatSettled(page: Page, nomeUsuario: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (name) =>
            new Promise<string>((resolve, reject) => {
              const open = indexedDB.open('fichas');
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const tx = open.result.transaction(['conversations', 'outbox']);
                const conversations = tx.objectStore('conversations').getAll();
                const outbox = tx.objectStore('outbox').count();
                tx.oncomplete = () => {
                  type Row = { data: { novaMensagem: boolean; primeiroUsuario: { nomeUsuario: string }; segundoUsuario: { nomeUsuario: string } } };
                  const row = (conversations.result as Row[]).find(({ data }) => [data.primeiroUsuario.nomeUsuario, data.segundoUsuario.nomeUsuario].includes(name));
                  resolve(!row ? 'not stored' : row.data.novaMensagem ? 'unread' : outbox.result > 0 ? 'sending' : 'settled');
                };
              };
            }),
          nomeUsuario,
        ),
      { message: `the chat with @${nomeUsuario} is read and has nothing on its way` },
    )
    .toBe('settled');
}

/** How many messages with this text the server holds in the user's conversation with @nomeUsuario. */
export async function messagesOnServer(api: APIRequestContext, nomeUsuario: string, text: string): Promise<number> {
  const opened = await api.get(`/api/client/common/conversas/com/${nomeUsuario}`);
  expect(opened.status()).toBe(200);
  const { conversa } = (await opened.json()) as { conversa: { id: string } };
  const listed = await api.get(`/api/client/common/conversas/${conversa.id}/mensagens?size=250`);
  expect(listed.status()).toBe(200);
  const { mensagens } = (await listed.json()) as { mensagens: { mensagem: string }[] };
  return mensagens.filter((message) => message.mensagem === text).length;
}
