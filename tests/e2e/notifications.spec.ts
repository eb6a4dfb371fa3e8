import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import * as playwright from '@playwright/test';
import { NotificationListResponseSchema, type Notification as AppNotification } from '../../contract/schemas/notifications.ts';
import type { NotificacaoSignal } from '../../contract/schemas/signals.ts';
import { webPublishOf } from '../../server/push/payload.ts';
import { checkScreen } from './support/a11y.ts';
import { DEMO, EN_ORIGIN, PHONE, PT_ORIGIN, apiUser, signIn, waitForServiceWorker } from './support/helpers.ts';
import { setPhoneOffline } from './support/offline.ts';
import { startSimulatedServer, type SimulatedServer } from './support/simulated-server.ts';

// The notifications page (newest first, who/what/when/link, read state, the counter reset once
// seen), and the server telling a slip's owner of each leg live, by push to the service worker, and on the page.

test.use({ viewport: PHONE });

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-notify';

async function notificationsOf(api: APIRequestContext): Promise<AppNotification[]> {
  const response = await api.get('/api/client/common/notificacoes?size=50');
  expect(response.status()).toBe(200);
  return NotificationListResponseSchema.parse(await response.json()).notificacoes;
}

async function counterOf(api: APIRequestContext, name: string): Promise<number> {
  const response = await api.get('/api/client/common/perfil/mostrarMeusUpdates');
  const { updates } = (await response.json()) as { updates: Record<string, { count: number }> };
  return updates[name]?.count ?? 0;
}

/** A demo user follows the demo user again: a fresh unread notification ('… começou a seguir-te') whatever came before. */
async function newFollower(): Promise<{ nome: string; nomeUsuario: string }> {
  const follower = { nome: 'Mateus Golo', nomeUsuario: 'mateus_golo' };
  const request = await apiUser(playwright, { userData: follower.nomeUsuario, password: DEMO.password });
  const path = `/api/client/common/perfil/${DEMO.userData}/seguir`;
  expect((await request.delete(path, { headers: { 'Idempotency-Key': `e2e:${randomUUID()}` } })).status()).toBe(200);
  expect((await request.post(path, { headers: { 'Idempotency-Key': `e2e:${randomUUID()}` } })).status()).toBe(200);
  await request.dispose();
  return follower;
}

test('the notifications page lists them newest first with who, what, when and a link; seen, they are read and the counter is 0', async ({ page }) => {
  const demo = await apiUser(playwright, DEMO);
  const follower = await newFollower();
  const text = `${follower.nome} começou a seguir-te`;
  expect((await notificationsOf(demo))[0]).toMatchObject({ tipo: 'novoSeguidor', mensagem: text, lida: false });
  expect(await counterOf(demo, 'newNotification')).toBeGreaterThan(0);

  await signIn(page);
  await page.goto(`${PT_ORIGIN}/dashboard/notifications`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notificações' });
  const newest = list.getByRole('listitem').first();
  // Unread: marked, and said to screen readers; it links to the follower's profile.
  const link = newest.getByRole('link', { name: new RegExp(`^Não lida: ${text}`) });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/${follower.nomeUsuario}`);
  await expect(newest.locator('.notification.unread')).toBeVisible();
  await expect(newest.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  // The seeded ones are there too, each linking to what it concerns.
  await expect(list.getByRole('link', { name: /Paulo Manuel começou a seguir-te/ })).toHaveAttribute('href', '/paulo_manuel');
  await expect(list.getByRole('link', { name: /A tua subscrição do grupo Kiala VIP/ })).toHaveAttribute('href', '/dashboard/comunidade/grupos');
  await expect(page.getByText(/Actualizado às \d\d:\d\d/)).toBeVisible();

  // Seen (2 s on screen): read on the server and the counter at 0, there and on the menu.
  await expect.poll(async () => (await notificationsOf(demo)).find((n) => n.mensagem === text)?.lida).toBe(true);
  await expect.poll(() => counterOf(demo, 'newNotification')).toBe(0);
  // Still marked new for this visit; read the next time.
  await expect(newest.locator('.notification.unread')).toBeVisible();
  await page.reload();
  await expect(list.getByRole('link', { name: new RegExp(`^${text}`) })).toBeVisible();
  await expect(list.locator('.notification.unread')).toHaveCount(0);
  await demo.dispose();
});

test('screenshots at 360 and 1280 px in pt and en; axe finds nothing serious', async ({ browser }) => {
  test.setTimeout(180_000);
  await newFollower();
  for (const origin of [PT_ORIGIN, EN_ORIGIN]) {
    // One page per language, checked at both widths by resizing it.
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, origin);
    await page.goto(`${origin}/dashboard/notifications`);
    await expect(page.getByRole('list').locator('.notification').first()).toBeVisible();
    await checkScreen(page, { name: 'notifications', lang: origin === EN_ORIGIN ? 'en' : 'pt', dir: SHOTS, fullPage: true });
    await context.close();
  }
});

// A server of its own with the match simulator at 600× (ten match minutes a second) on a SQLite file the test can
// reach, so two upcoming matches are brought forward to kick off within seconds.
test.describe('slip events from the match simulator', () => {
  let server: SimulatedServer;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startSimulatedServer({ name: 'notify', speed: 600 });
    origin = server.origin;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const kickOffIn = (eventId: string, inMs: number) => server.kickOffIn(eventId, inMs);

  async function upcoming(api: APIRequestContext, count: number): Promise<{ id: string; home_name: string; away_name: string }[]> {
    const { eventos } = (await (await api.get('/api/client/public/eventos')).json()) as { eventos: { id: string; status: string; date: string; home_name: string; away_name: string }[] };
    const open = eventos.filter((e) => e.status === 'NS' && Date.parse(e.date) > Date.now() + 3_600_000);
    expect(open.length).toBeGreaterThanOrEqual(count);
    return open.slice(0, count);
  }

  async function pick(api: APIRequestContext, eventId: string, type: string, choice: string) {
    const { evento } = (await (await api.get(`/api/client/public/eventos/${eventId}`)).json()) as {
      evento: { mercados: { type: string; choices: { choice: string; odds: number }[] }[] };
    };
    const odds = evento.mercados.find((m) => m.type === type)?.choices.find((c) => c.choice === choice)?.odds;
    expect(odds).toBeDefined();
    return { event_id: eventId, event_selection: { type, choice, odds } };
  }

  async function createSlip(api: APIRequestContext, ficha: unknown[]): Promise<string> {
    const response = await api.post('/api/client/apostador/fichas/criarFicha', {
      data: { ficha, valor: 100, oddsChange: true },
      headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { ficha: { id: string } }).ficha.id;
  }

  async function pushRegistration(context: BrowserContext, page: Page) {
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      registrations.push(...event.registrations);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL.startsWith(origin))?.registrationId).toBeTruthy();
    return { cdp, registrationId: registrations.find((r) => r.scopeURL.startsWith(origin))?.registrationId ?? '' };
  }

  test('a leg of an open slip settles: its owner is told live and on the page, and a push, tapped offline, opens the slip', async ({ page, context }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['notifications'], { origin });
    const demo = await apiUser(playwright, DEMO, origin);
    const [first, second, later] = await upcoming(demo, 3);
    if (!first || !second || !later) throw new Error('no upcoming matches');

    // Three slips on every result of the first match (one of them wins its leg, or all are void), each with a second
    // leg days away so they stay open; a fourth on the second match, whose news arrives while the phone is offline.
    const slips: string[] = [];
    for (const choice of ['home', 'draw', 'away']) slips.push(await createSlip(demo, [await pick(demo, first.id, 'ft_result', choice), await pick(demo, later.id, 'ft_result', 'home')]));
    const offlineSlip = await createSlip(demo, [await pick(demo, second.id, 'ft_result', 'home'), await pick(demo, later.id, 'ft_result', 'draw')]);

    await signIn(page, origin);
    await waitForServiceWorker(page);
    // The slips are on the phone (its list stored them), as they would be for their owner.
    await page.goto(`${origin}/dashboard/fichas`);
    await expect(page.locator(`a[href$="/dashboard/fichas/${offlineSlip}"]`).first()).toBeVisible();
    await page.goto(`${origin}/dashboard/notifications`);
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Notificações' });

    kickOffIn(first.id, 3_000);
    kickOffIn(second.id, 45_000);
    // Live (realtime into the store, the page follows): the kick-off of each slip's first leg, then its result.
    const match = `${first.home_name} vs ${first.away_name}`;
    for (const slip of slips) {
      await expect(list.locator(`a[href="/dashboard/fichas/${slip}"]`, { hasText: `Começou o jogo da selecção 1 da tua ficha: ${match}` })).toBeVisible({ timeout: 30_000 });
    }
    const legResult = list.getByText(new RegExp(`^A selecção 1 da tua ficha (ganhou|foi anulada): ${first.home_name} \\d+–\\d+ ${first.away_name}$`));
    await expect(legResult.first()).toBeVisible({ timeout: 30_000 });
    const told = (await notificationsOf(demo)).filter((n) => n.tipo === 'fichaSelecao' && slips.includes(n.recurso?.id ?? ''));
    expect(told.length).toBeGreaterThanOrEqual(1);
    // Each event once, with the slip it opens.
    expect(new Set(told.map((n) => n.recurso?.id)).size).toBe(told.length);
    await expect(list.locator(`a[href="/dashboard/fichas/${told[0]?.recurso?.id}"]`).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/notifications-slip-events-pt-360.png` });

    // The phone goes offline (no realtime); the second match is played and its news comes by push only.
    await page.goto(`${origin}/explorar`);
    const { cdp, registrationId } = await pushRegistration(context, page);
    await setPhoneOffline(context, true);
    let news: AppNotification | undefined;
    await expect
      .poll(
        async () => {
          news = (await notificationsOf(demo)).find((n) => n.recurso?.id === offlineSlip && (n.tipo === 'fichaSelecao' || n.tipo === 'ficha'));
          return news?.tipo;
        },
        { timeout: 90_000 },
      )
      .toBeTruthy();
    if (!news) throw new Error('no news of the slip');
    // The push the server makes of it (server/push/payload.ts), as the push service hands it to the worker.
    const { lida: _lida, ...rest } = news;
    const signal: NotificacaoSignal = { ...rest, counter: 'newFichaUpdate' };
    const web = webPublishOf({ notificacao: signal });
    expect(web.notification.deep_link).toBe(`/dashboard/fichas/${offlineSlip}`);
    const payload = {
      notification: { ...web.notification, hide_notification_if_site_has_focus: false },
      data: { ...web.data, pusher: { instanceId: 'embedded', publishId: `pub-${news.id}`, hasDisplayableContent: true, hasData: true } },
    };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });

    // Shown, and written to the store first with what it concerns.
    await expect.poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.body))).toContain(news.mensagem);
    const stored = await page.evaluate(
      (id) =>
        new Promise<{ recurso?: { id: string } | null } | null>((resolve) => {
          const open = indexedDB.open('fichas');
          open.onsuccess = () => {
            const get = open.result.transaction('notifications').objectStore('notifications').get(id);
            get.onsuccess = () => resolve((get.result as { data?: { recurso?: { id: string } | null } } | undefined)?.data ?? null);
          };
        }),
      news.id,
    );
    expect(stored?.recurso?.id).toBe(offlineSlip);

    // The tap (the worker's notificationclick, as the system fires it) opens the slip, offline, with the news in it.
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(origin));
    if (!worker) throw new Error('no service worker');
    await worker.evaluate(async (body) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const shown = (await scope.registration.getNotifications()).find((n) => n.body === body);
      if (!shown) throw new Error('notification not shown');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown }));
    }, news.mensagem);
    await expect(page).toHaveURL(`${origin}/dashboard/fichas/${offlineSlip}`);
    const estado = news.dados?.estado ?? 'void';
    if (news.tipo === 'fichaSelecao') await expect(page.locator(`.status-badge.bet-${estado}`).first()).toBeVisible();
    else await expect(page.locator(`.status-badge.slip-${estado}`).first()).toBeVisible();
    await setPhoneOffline(context, false);
    await demo.dispose();
  });
});
