import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as playwright from '@playwright/test';
import { checkScreen } from './support/a11y.ts';
import { setPhoneOffline } from './support/offline.ts';
import { DEMO, EN_ORIGIN, PHONE, PT_ORIGIN, apiUser, signIn, waitForServiceWorker } from './support/helpers.ts';

// Match rooms (SPEC §2): the list with each match's status, a room opened by its event id with its status, the
// drawer's two tabs, messages between two people, and a room seen once opening offline.

test.use({ viewport: PHONE });

const ROOMS = '/api/client/common/grupos/salas';
const MODERATOR = { userData: 'moderador', password: 'moderador123' };

interface ApiRoom {
  id: string;
  eventId: string;
  nome: string;
  evento: { id: string; status: string; date: string; competition_name: string; elapsed: number | null; home_goals: number | null; away_goals: number | null } | null;
}

async function roomsOnServer(api: APIRequestContext, size = 50): Promise<ApiRoom[]> {
  const response = await api.get(`${ROOMS}?pageNumber=1&size=${size}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ApiRoom[] }).data;
}

/** A live room and a room whose match has not started, as the server lists them now. */
async function liveAndUpcoming(api: APIRequestContext): Promise<{ live: ApiRoom; upcoming: ApiRoom }> {
  const rooms = await roomsOnServer(api);
  const live = rooms.find((room) => room.evento?.status === 'LIVE');
  // Kicking off at least an hour from now: it stays not started for the whole test.
  const upcoming = rooms.find((room) => room.evento?.status === 'NS' && Date.parse(room.evento.date) > Date.now() + 3_600_000);
  expect(live, 'the demo has a live match').toBeDefined();
  expect(upcoming, 'the demo has an upcoming match').toBeDefined();
  return { live: live!, upcoming: upcoming! };
}

/** A match that has ended today (or yesterday, near midnight), from the events of the day. */
async function finishedEventId(api: APIRequestContext): Promise<string> {
  for (const offset of [0, -1]) {
    const day = new Date(Date.now() + 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    const response = await api.get(`/api/client/public/eventos?data=${day}`);
    const { eventos } = (await response.json()) as { eventos: { id: string; status: string }[] };
    const ended = eventos.find((event) => event.status === 'FT');
    if (ended) return ended.id;
  }
  throw new Error('no finished match in the demo');
}

/** A match with no room in the list: not started and kicking off more than a day from now. */
async function unlistedEventId(api: APIRequestContext): Promise<string> {
  const listed = new Set((await roomsOnServer(api, 250)).map((room) => room.eventId));
  const response = await api.get('/api/client/public/eventos');
  const { eventos } = (await response.json()) as { eventos: { id: string; status: string; date: string }[] };
  const later = eventos.find((event) => event.status === 'NS' && Date.parse(event.date) > Date.now() + 26 * 3_600_000 && !listed.has(event.id));
  expect(later, 'the demo has a match beyond the rooms list').toBeDefined();
  return later!.id;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const roomLink = (page: Page, room: ApiRoom) => page.locator(`a[href="/dashboard/comunidade/salas/${room.eventId}"]`);

async function write(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
}

async function roomMessagesOnServer(api: APIRequestContext, roomId: string, text: string): Promise<number> {
  const response = await api.get(`${ROOMS}/${roomId}/mensagens?size=50`);
  expect(response.status()).toBe(200);
  const { mensagens } = (await response.json()) as { mensagens: { mensagem: string }[] };
  return mensagens.filter((message) => message.mensagem === text).length;
}

test('the room list shows each room with its match status and links by event id', async ({ page }) => {
  const demo = await apiUser(playwright, DEMO);
  const { live, upcoming } = await liveAndUpcoming(demo);
  await signIn(page);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/salas`);
  await expect(page.getByRole('heading', { level: 1, name: 'Salas de jogos' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Comunidade' }).getByRole('link', { name: 'Salas de jogos' })).toBeVisible();
  await expect(page.getByText(/^Actualizado às/)).toBeVisible();

  // Live matches come first, with minute and score.
  const first = page.locator('.room-item').first();
  await expect(first).toHaveAttribute('href', `/dashboard/comunidade/salas/${live.eventId}`);
  await expect(first).toContainText(live.nome);
  await expect(first.locator('.room-status')).toContainText(/Ao vivo · (\d+'|Intervalo) · \d+ - \d+/);
  const next = roomLink(page, upcoming);
  await next.scrollIntoViewIfNeeded();
  await expect(next).toContainText(upcoming.nome);
  await expect(next.locator('.room-status')).toContainText(/Ainda não começou · (.+ )?\d\d:\d\d/);

  await next.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/comunidade/salas/${upcoming.eventId}$`));
  await expect(page.getByRole('heading', { level: 1, name: upcoming.nome })).toBeVisible();
  await expect(page.locator('.room-head .room-status')).toContainText('Ainda não começou');
  await demo.dispose();
});

test('a room by event id: its status, the Evento and Ficha tabs, and messages seen by a second user', async ({ page, browser }) => {
  const demo = await apiUser(playwright, DEMO);
  const { live } = await liveAndUpcoming(demo);
  await signIn(page);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/salas/${live.eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: live.nome })).toBeVisible();
  await expect(page.locator('.room-head .room-status')).toContainText(/Ao vivo · (\d+'|Intervalo) · \d+ - \d+/);

  // The drawer: Evento first (the match live, its page), then Ficha (the slip builder); arrows move between them.
  await page.getByRole('button', { name: 'Detalhes da sala' }).click();
  const drawer = page.getByRole('dialog', { name: live.nome });
  await expect(drawer).toBeVisible();
  const evento = drawer.getByRole('tab', { name: 'Evento' });
  const ficha = drawer.getByRole('tab', { name: 'Ficha' });
  await expect(evento).toHaveAttribute('aria-selected', 'true');
  await expect(evento).toBeFocused();
  const panel = drawer.getByRole('tabpanel');
  await expect(panel).toContainText(live.evento!.competition_name);
  await expect(panel.getByRole('status').first()).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Ver página do jogo' })).toHaveAttribute('href', `/explorar/${live.eventId}`);
  await ficha.click();
  await expect(ficha).toHaveAttribute('aria-selected', 'true');
  await expect(evento).toHaveAttribute('aria-selected', 'false');
  await expect(drawer.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'room-tab-ficha');
  await expect(drawer.getByRole('tabpanel').getByText(/ficha está vazia|Gerar palpite/).first()).toBeVisible();
  await ficha.press('ArrowLeft');
  await expect(evento).toHaveAttribute('aria-selected', 'true');
  await expect(evento).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Detalhes da sala' })).toBeFocused();

  // A message posted here reaches the server once and a second person, in another browser, reads it by room id.
  const text = `Golo! ${Date.now()}`;
  await write(page, text);
  await expect(page.getByText(text)).toBeVisible();
  await expect.poll(() => roomMessagesOnServer(demo, live.id, text)).toBe(1);

  const otherContext = await browser.newContext({ viewport: PHONE });
  const other = await otherContext.newPage();
  await signIn(other, PT_ORIGIN, MODERATOR);
  await other.goto(`${PT_ORIGIN}/dashboard/comunidade/salas/${live.id}`);
  await expect(other.getByRole('heading', { level: 1, name: live.nome })).toBeVisible();
  const received = other.locator('.message').filter({ hasText: text });
  await expect(received).toBeVisible();
  // Rooms name who wrote each message.
  await expect(received).toContainText('Demo');

  const reply = `Que jogo! ${Date.now()}`;
  await write(other, reply);
  await expect.poll(() => roomMessagesOnServer(demo, live.id, reply)).toBe(1);
  // The first user has posted in the room, so the reply reaches them live; a reload shows it from the server too.
  await expect(page.getByText(reply)).toBeVisible();
  await page.reload();
  await expect(page.getByText(reply)).toBeVisible();
  await otherContext.close();
  await demo.dispose();
});

test('an ended match, an unknown room, and a room seen once opening offline', async ({ page, context }) => {
  const demo = await apiUser(playwright, DEMO);
  const { live } = await liveAndUpcoming(demo);
  const ended = await finishedEventId(demo);
  const unlisted = await unlistedEventId(demo);
  await signIn(page);
  await waitForServiceWorker(page);

  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/salas/${ended}`);
  await expect(page.locator('.room-head .room-status')).toContainText(/Terminou · \d+ - \d+/);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/salas/sala-que-nao-existe`);
  await expect(page.getByRole('alert')).toHaveText('Esta sala não existe.');

  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/salas`);
  await expect(roomLink(page, live)).toBeVisible();
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/salas/${live.eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: live.nome })).toBeVisible();
  await expect(page.locator('.room-head .room-status')).toContainText('Ao vivo');

  await setPhoneOffline(context, true);
  await page.reload();
  // Seen once: it opens from the phone's store, status and all, and a message written now waits on the phone.
  await expect(page.getByRole('heading', { level: 1, name: live.nome })).toBeVisible();
  await expect(page.locator('.room-head .room-status')).toContainText('Ao vivo');
  const text = `Sem rede ${Date.now()}`;
  await write(page, text);
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByText('Guardada neste telemóvel')).toBeVisible();
  expect(await roomMessagesOnServer(demo, live.id, text)).toBe(0);
  // A match the list does not have (kicking off in more than a day) and never opened on this phone: it needs a connection.
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/salas/${unlisted}`);
  await expect(page.getByText('Esta sala ainda não foi aberta neste telemóvel. Liga-te à internet para a ver.')).toBeVisible();
  // The list, seen before, reads from the store with its last update.
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/salas`);
  await expect(roomLink(page, live)).toBeVisible();
  await expect(page.getByText(/^Actualizado às \d\d:\d\d$/)).toBeVisible();

  await setPhoneOffline(context, false);
  await expect.poll(() => roomMessagesOnServer(demo, live.id, text), { timeout: 20_000 }).toBe(1);
  await demo.dispose();
});

test('screens at 360 px and 1280 px, pt and en: the list, a room and both drawer tabs, with no serious axe violation', async ({ page }) => {
  // Sixteen screens, eight of them measured by axe.
  test.setTimeout(240_000);
  const shots = '/tmp/shots-rooms';
  mkdirSync(shots, { recursive: true });
  const demo = await apiUser(playwright, DEMO);
  const { live } = await liveAndUpcoming(demo);
  for (const [lang, origin] of [
    ['pt', PT_ORIGIN],
    ['en', EN_ORIGIN],
  ] as const) {
    // Each screen is checked at both widths by resizing the page.
    await page.setViewportSize(PHONE);
    await signIn(page, origin);
    await page.goto(`${origin}/dashboard/comunidade/salas`);
    await expect(page.locator('.room-item').first()).toBeVisible();
    await checkScreen(page, { name: 'list', lang, dir: shots });
    await page.goto(`${origin}/dashboard/comunidade/salas/${live.eventId}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(escape(live.nome)) })).toBeVisible();
    await checkScreen(page, { name: 'room', lang, dir: shots });
    await page.locator('.room-details').click();
    await expect(page.getByRole('tab').first()).toBeFocused();
    await checkScreen(page, { name: 'drawer-evento', lang, dir: shots });
    await page.getByRole('tab').nth(1).click();
    await expect(page.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').locator('.slip-builder')).toBeVisible();
    await checkScreen(page, { name: 'drawer-ficha', lang, dir: shots });
    await page.context().clearCookies();
  }
  await demo.dispose();
});
