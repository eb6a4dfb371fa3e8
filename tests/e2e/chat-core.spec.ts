import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import * as playwright from '@playwright/test';
import { EN_ORIGIN, PHONE, PT_ORIGIN, apiUser, signIn, unreadBadge, unreadOnServer } from './support/helpers.ts';
import { checkScreen, DESKTOP } from './support/a11y.ts';

// The chat core shared by the direct chat, groups and rooms: message states, the
// composer's images and rules, live attention, the virtualised list and the reconnect flush. Each test pairs two of
// the seeded people that no other spec uses and that have no conversation in the seed (docs/api/social.md "Demo
// data"), a different pair each time, so nothing depends on what other tests left.

test.use({ viewport: PHONE });

const SHOTS = '/tmp/shots-chat';

interface Person {
  user: { id: string; nome: string; nomeUsuario: string };
  api: APIRequestContext;
  login: { userData: string; password: string };
}

async function person(nomeUsuario: string): Promise<Person> {
  const login = { userData: nomeUsuario, password: 'demo12345' };
  const api = await apiUser(playwright, login);
  const session = (await (await api.get('/api/auth/session')).json()) as { user: { id: string; name?: string | null } };
  const profile = await api.get(`/api/client/common/perfil/${nomeUsuario}`);
  const nome = profile.ok() ? ((await profile.json()) as { usuario?: { nome?: string } }).usuario?.nome : undefined;
  return { user: { id: session.user.id, nome: nome ?? session.user.name ?? nomeUsuario, nomeUsuario }, api, login };
}

/** A small real PNG (the server checks an image's bytes), drawn by the browser. */
async function pngOf(browser: Browser, colour: string, width = 240, height = 150): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(`<body style="margin:0;background:linear-gradient(135deg,${colour},#fff)"><h1 style="font:700 32px sans-serif;margin:40px 24px">Golo!</h1></body>`);
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  return png;
}

async function send(from: Person, to: Person, mensagem: string, imagens: string[] = []) {
  const sent = await from.api.post(`/api/client/common/conversas/com/${to.user.nomeUsuario}/mensagens`, {
    data: { mensagem, imagens },
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(sent.status()).toBe(201);
  return ((await sent.json()) as { mensagem: { id: string; chatId: string; imagens: { url: string }[] } }).mensagem;
}

async function messagesOnServer(api: APIRequestContext, other: string): Promise<{ mensagem: string; imagens: { url: string }[] }[]> {
  const opened = await api.get(`/api/client/common/conversas/com/${other}`);
  expect(opened.status()).toBe(200);
  const { conversa } = (await opened.json()) as { conversa: { id: string } };
  const listed = await api.get(`/api/client/common/conversas/${conversa.id}/mensagens?size=250`);
  return ((await listed.json()) as { mensagens: { mensagem: string; imagens: { url: string }[] }[] }).mensagens;
}

/**
 * Resolves once the page's live channel is subscribed (the server's subscription_succeeded frame): a signal sent
 * before that is not delivered, so a test that sends earlier races the connection. Call before navigating.
 */
function realtimeSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('subscription_succeeded')) resolve();
      }),
    );
  });
}

async function openChat(page: Page, other: Person, origin = PT_ORIGIN) {
  await page.goto(`${origin}/dashboard/comunidade/conversas/${other.user.nomeUsuario}`);
  await expect(page.getByRole('textbox', { name: /Mensagem|Message/ })).toBeVisible();
}

/** The most tries any waiting outbox entry has had (src/sync/outbox/replayer.ts adds one per failed try). */
function outboxTries(page: Page): Promise<number> {
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

test('live attention: a message from another user shows a toast that opens the chat and clears its counter; the list shows the new conversation at once', async ({
  page,
}) => {
  const [a, b] = await Promise.all([person('nzinga'), person('mateus_golo')]);
  await signIn(page, PT_ORIGIN, a.login);
  let live = realtimeSubscribed(page);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas`);
  await expect(page.getByText('Ainda não tens conversas.')).toBeVisible();
  await live;

  // B's first message: A's list shows the conversation without a refresh (it was not on A's phone at all).
  await send(b, a, 'Olá! Viste o jogo de ontem?');
  const row = page.locator('.conversation-item').filter({ hasText: b.user.nome });
  await expect(row).toBeVisible();
  await expect(row.locator('.badge.unread')).toHaveText('1');
  await expect(page.getByText('Ainda não tens conversas.')).toHaveCount(0);
  // The Conversas tab counts it too.
  await expect(page.getByRole('navigation', { name: 'Comunidade' }).getByRole('link', { name: /Conversas/ })).toContainText('1');

  // A on another page: the next message shows a toast with the sender and the preview.
  live = realtimeSubscribed(page);
  await page.goto(`${PT_ORIGIN}/explorar`);
  await live;
  await expect.poll(() => unreadBadge(page)).toBe(await unreadOnServer(a.api));
  await send(b, a, 'Amanhã há Petro contra 1º de Agosto');
  const toast = page.getByRole('link', { name: new RegExp(`Nova mensagem de ${b.user.nome}`) });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Amanhã há Petro');
  // The bottom menu counts both unread messages on Comunidade.
  await expect(page.getByRole('navigation', { name: 'Menu inferior' }).getByRole('link', { name: /Comunidade/ })).toContainText('2');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/toast-360-pt.png` });

  await toast.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/comunidade/conversas/${b.user.nomeUsuario}$`));
  await expect(page.locator('.message').filter({ hasText: 'Amanhã há Petro' })).toBeVisible();
  // Reset at once (not after the menu's 2 s): the phone and the server both say 0.
  await expect.poll(() => unreadBadge(page)).toBe(0);
  await expect.poll(() => unreadOnServer(a.api)).toBe(0);

  // Already in that chat: the next message shows in the chat, with no toast.
  await send(b, a, 'Estás aí?');
  await expect(page.locator('.message').filter({ hasText: 'Estás aí?' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Nova mensagem de/ })).toHaveCount(0);
  await Promise.all([a.api.dispose(), b.api.dispose()]);
});

test('own messages: a clock while saved on this phone, a tick once the server has it; a message with an image', async ({ page, context, browser }) => {
  const [a, b] = await Promise.all([person('ana_kwanza'), person('mateus_golo')]);
  await send(b, a, 'Olá');
  await signIn(page, PT_ORIGIN, a.login);
  await openChat(page, b);
  await expect(page.locator('.message').filter({ hasText: 'Olá' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Mensagem' }).fill('Escrito sem rede');
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const mine = page.locator('.message.own').filter({ hasText: 'Escrito sem rede' });
  await expect(mine).toHaveAttribute('data-sync', 'saved');
  await expect(mine.getByText('Guardada neste telemóvel')).toBeAttached();
  await expect(mine.locator('.message-state.saved svg')).toBeVisible();

  await context.setOffline(false);
  await expect(mine).toHaveAttribute('data-sync', 'sent', { timeout: 10_000 });
  await expect(mine.getByText('Enviada', { exact: true })).toBeAttached();
  await expect(mine.locator('.message-state.sent svg')).toBeVisible();
  expect((await messagesOnServer(b.api, a.user.nomeUsuario)).filter((m) => m.mensagem === 'Escrito sem rede')).toHaveLength(1);

  // An image with a caption, picked through the attach button's file input.
  const png = await pngOf(browser, '#1e88e5');
  await page.locator('input[type=file]').setInputFiles({ name: 'golo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Imagem 1' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Mensagem' }).fill('Olha isto');
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const withImage = page.locator('.message.own').filter({ hasText: 'Olha isto' });
  await expect(withImage.locator('img.message-image')).toBeVisible();
  await expect(withImage).toHaveAttribute('data-sync', 'sent', { timeout: 10_000 });
  await expect
    .poll(async () => (await messagesOnServer(b.api, a.user.nomeUsuario)).find((m) => m.mensagem === 'Olha isto')?.imagens.length)
    .toBe(1);
  // The composer is empty again.
  await expect(page.getByRole('button', { name: 'Remover imagem' })).toHaveCount(0);
  await Promise.all([a.api.dispose(), b.api.dispose()]);
});

test('the composer refuses an empty message, text over 2000 characters, a file that is not an image, a heavy image and a third image', async ({
  page,
  browser,
}) => {
  const [a, b] = await Promise.all([person('ana_kwanza'), person('nzinga')]);
  await send(b, a, 'Olá');
  await signIn(page, PT_ORIGIN, a.login);
  await openChat(page, b);
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  const sendButton = page.getByRole('button', { name: 'Enviar', exact: true });
  const files = page.locator('input[type=file]');

  await sendButton.click();
  await expect(page.getByRole('alert')).toHaveText('Escreve uma mensagem ou envia uma imagem');
  await box.fill('x'.repeat(2001));
  await sendButton.click();
  await expect(page.getByRole('alert')).toHaveText('A mensagem deve ter até 2000 caracteres');
  await box.fill('');

  await files.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('não é uma imagem') });
  await expect(page.getByRole('alert')).toHaveText('Problema com a imagem');
  await files.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(1_000_001, 1) });
  await expect(page.getByRole('alert')).toHaveText('Envie uma imagem mais leve');

  const png = await pngOf(browser, '#43a047', 120, 80);
  await files.setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: png },
    { name: 'b.png', mimeType: 'image/png', buffer: png },
  ]);
  await expect(page.getByRole('button', { name: 'Remover imagem' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Anexar imagem' }).click();
  await expect(page.getByRole('alert')).toHaveText('Envia até 2 imagens por mensagem');
  await page.getByRole('button', { name: 'Remover imagem' }).first().click();
  await expect(page.getByRole('button', { name: 'Remover imagem' })).toHaveCount(1);
  // Nothing refused reached the server.
  expect(await messagesOnServer(b.api, a.user.nomeUsuario)).toHaveLength(1);
  await Promise.all([a.api.dispose(), b.api.dispose()]);
});

test('reconnect flush: a message that failed several tries offline reaches the server within seconds of the connection returning', async ({
  page,
  context,
}) => {
  const [a, b] = await Promise.all([person('paulo_manuel'), person('nzinga')]);
  await send(b, a, 'Olá');
  await signIn(page, PT_ORIGIN, a.login);
  await openChat(page, b);
  await expect(page.locator('.message').filter({ hasText: 'Olá' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Mensagem' }).fill('Depois do apagão');
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  // Tries at about 0, 1, 3 and 7 s fail: the next one is about 8 s or more away when the connection returns.
  await expect.poll(() => outboxTries(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  await context.setOffline(false);
  const arrived = async () => (await messagesOnServer(b.api, a.user.nomeUsuario)).filter((m) => m.mensagem === 'Depois do apagão').length;
  await expect.poll(arrived, { timeout: 4_000, intervals: [250] }).toBe(1);
  await expect(page.locator('.message.own').filter({ hasText: 'Depois do apagão' })).toHaveAttribute('data-sync', 'sent');
  await Promise.all([a.api.dispose(), b.api.dispose()]);
});

test('data saver on: message images wait for a tap', async ({ page, browser }) => {
  const [a, b] = await Promise.all([person('paulo_manuel'), person('ana_kwanza')]);
  const png = await pngOf(browser, '#e53935');
  const sent = await send(b, a, 'Foto do estádio', [`data:image/png;base64,${png.toString('base64')}`]);
  const imageUrl = sent.imagens[0]?.url ?? '';
  expect(imageUrl).not.toBe('');

  await page.addInitScript(() => localStorage.setItem('dataSaver', 'on'));
  const imageRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(imageUrl)) imageRequests.push(request.url());
  });
  await signIn(page, PT_ORIGIN, a.login);
  await openChat(page, b);
  const message = page.locator('.message').filter({ hasText: 'Foto do estádio' });
  const tap = message.getByRole('button', { name: 'Ver imagem' });
  await expect(tap).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(imageRequests).toEqual([]);
  await tap.click();
  await expect(message.locator('img.message-image')).toBeVisible();
  await expect.poll(() => imageRequests.length).toBeGreaterThan(0);
  await Promise.all([a.api.dispose(), b.api.dispose()]);
});

test('a chat with 5,000 messages on the phone keeps a few hundred rows in the page and loads older ones at the top', async ({ page }) => {
  const [a, b] = await Promise.all([person('kiala_tips'), person('nzinga')]);
  const first = await send(b, a, 'A mais recente');
  await signIn(page, PT_ORIGIN, a.login);
  await openChat(page, b);
  await expect(page.locator('.message').filter({ hasText: 'A mais recente' })).toBeVisible();
  // 5,000 older messages written straight into the phone's store, as if read before (the start-up prune keeps 5,000
  // in all, so the oldest one goes on the reload).
  await page.evaluate(
    ({ chatId, senderId, selfId }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('fichas');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('messages', 'readwrite');
          const store = tx.objectStore('messages');
          // A minute apart, all before the newest and well inside the 90 days the phone keeps (src/sync/prune.ts).
          const start = Date.now() - 5001 * 60_000;
          for (let i = 0; i < 5000; i += 1) {
            const createdAt = new Date(start + i * 60_000).toISOString();
            const id = `bulk-${String(i).padStart(5, '0')}`;
            const own = i % 3 === 0;
            store.put({
              id,
              chatKey: `conversa:${chatId}`,
              sortKey: `${createdAt}|${id}`,
              senderId: own ? selfId : senderId,
              sender: { nome: own ? 'Eu' : 'Outro', nomeUsuario: own ? 'eu' : 'outro' },
              mensagem: `Mensagem número ${i}`,
              imagens: [],
              createdAt,
              recurso: null,
            });
          }
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    { chatId: first.chatId, senderId: b.user.id, selfId: a.user.id },
  );
  await page.reload();
  await expect(page.locator('.message').filter({ hasText: 'A mais recente' })).toBeVisible();
  await expect(page.locator('.message').filter({ hasText: 'Mensagem número 4999' })).toBeVisible();
  const rows = () => page.locator('.message-scroller li').count();
  expect(await rows()).toBeLessThanOrEqual(300);

  // The oldest message in the page: scrolling to the top asks for the page before it; the rows stay few.
  const oldest = () =>
    page
      .locator('.message-text')
      .allTextContents()
      .then((texts) => Math.min(...texts.flatMap((text) => /^Mensagem número (\d+)$/.exec(text)?.[1] ?? []).map(Number)));
  const start = await oldest();
  expect(start).toBeGreaterThan(4900);
  for (let i = 0; i < 3; i += 1) {
    await page.locator('.message-scroller').evaluate((element) => element.scrollTo({ top: 0 }));
    await page.waitForTimeout(200);
  }
  await expect.poll(oldest).toBeLessThan(start - 50);
  expect(await rows()).toBeLessThanOrEqual(300);
  // The keyboard way: the button asks for more too.
  const reached = await oldest();
  await page.getByRole('button', { name: 'Mensagens anteriores' }).click();
  await page.locator('.message-scroller').evaluate((element) => element.scrollTo({ top: 0 }));
  await expect.poll(oldest).toBeLessThan(reached);
  expect(await rows()).toBeLessThanOrEqual(300);
  await Promise.all([a.api.dispose(), b.api.dispose()]);
});

test('chat screens at 360 and 1280 px, pt and en: states, images, counters; no serious axe violation, nothing wider than the screen', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const [a, b] = await Promise.all([person('joana_silva'), person('mateus_golo')]);
  const png = await pngOf(browser, '#fb8c00');
  await send(b, a, 'Bom dia! Já fizeste a ficha para hoje?');
  await send(b, a, 'Vê esta', [`data:image/png;base64,${png.toString('base64')}`]);
  for (const origin of [PT_ORIGIN, EN_ORIGIN]) {
    const lang = origin === PT_ORIGIN ? 'pt' : 'en';
    // One page per language; each state is checked at both widths by resizing it.
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, origin, a.login);
    await openChat(page, b, origin);
    await expect(page.locator('.message').filter({ hasText: 'Vê esta' }).locator('img')).toBeVisible();
    // One message sent, one waiting offline, one refused by the server (its reason and the two ways out).
    const reply = `Ainda não, mas vou fazer já (${lang})`;
    await page.locator('textarea.composer-input').fill(reply);
    await page.locator('form.composer button[type=submit]').click();
    await expect(page.locator('.message.own').filter({ hasText: reply })).toHaveAttribute('data-sync', 'sent');
    await page.route('**/conversas/*/mensagens', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ status: 'error', message: 'Não tens permissão para escrever aqui' }) })
        : route.continue(),
    );
    await page.locator('textarea.composer-input').fill(`Esta vai ser recusada (${lang})`);
    await page.locator('form.composer button[type=submit]').click();
    await expect(page.locator('.message.own[data-sync="rejected"]')).toBeVisible();
    await page.unroute('**/conversas/*/mensagens');
    await context.setOffline(true);
    await page.locator('textarea.composer-input').fill(`Sem rede agora (${lang})`);
    await page.locator('form.composer button[type=submit]').click();
    await expect(page.locator('.message.own[data-sync="saved"]')).toBeVisible();
    await checkScreen(page, { name: 'chat', lang, dir: SHOTS });
    // The refused one is discarded, the waiting one goes once the phone is back online.
    await page.locator('.message.own[data-sync="rejected"]').getByRole('button').last().click();
    await expect(page.locator('.message.own[data-sync="rejected"]')).toHaveCount(0);
    await context.setOffline(false);
    await expect(page.locator('.message.own[data-sync="saved"]')).toHaveCount(0, { timeout: 10_000 });

    // The lists and menus with counters.
    let live = realtimeSubscribed(page);
    // Sent as soon as the channel is live, whether the list's own refresh has come back yet or not: a page fetched
    // before the message and stored after it keeps the newer row the message left (src/sync/resources/lists.ts).
    await page.goto(`${origin}/dashboard/comunidade/conversas`);
    await live;
    await send(b, a, `Mais uma (${lang})`);
    await expect(page.locator('.conversation-item .badge.unread').first()).toBeVisible();
    await checkScreen(page, { name: 'conversations', lang, dir: SHOTS });
    live = realtimeSubscribed(page);
    await page.goto(`${origin}/explorar`);
    await live;
    // A toast lasts 7.5 s: a fresh one at each width.
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await send(b, a, `Toast (${lang} ${viewport.width})`);
      await expect(page.locator('.toast-open').filter({ hasText: `Toast (${lang} ${viewport.width})` })).toBeVisible();
      await checkScreen(page, { name: 'toast-menus', lang, dir: SHOTS, viewports: [viewport] });
    }
    await context.close();
  }
  await Promise.all([a.api.dispose(), b.api.dispose()]);
});
