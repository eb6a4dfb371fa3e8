import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { GroupResponseSchema, GroupSubscribeResponseSchema } from '../../contract/schemas/groups.ts';
import { NotificationListResponseSchema, type Notification as AppNotification } from '../../contract/schemas/notifications.ts';
import type { NotificacaoSignal } from '../../contract/schemas/signals.ts';
import { webPublishOf } from '../../server/push/payload.ts';
import { upcomingEvents } from './support/betting.ts';
import { EN_ORIGIN, PHONE, PT_ORIGIN, apiUser, waitForServiceWorker } from './support/helpers.ts';
import { workerEvents } from './support/offline.ts';
import { createSlipThroughApi, newPerson, pageFor, type Person } from './support/people.ts';
import { startSimulatedServer, type SimulatedServer } from './support/simulated-server.ts';
import * as playwright from '@playwright/test';

// The English host speaks English: a notification the server sends is worded by the app in its reader's language,
// with its date as that reader writes it; a push shown by the service worker with no page open is in the language of
// the host it was subscribed on; and the official account shows its English alias on en (SPEC §3).

test.use({ viewport: PHONE });

const G = '/api/client/common/grupos';
const PLANS = [
  { extensao: 'semanal', valor: 500 },
  { extensao: 'mensal', valor: 1500 },
  { extensao: 'anual', valor: 12000 },
];
const ISO_DAY = /\d{4}-\d{2}-\d{2}/;

/** The day as each reader's platform writes a long date on Angola's calendar (not the app's own code). */
const longDate = (iso: string, locale: 'pt-PT' | 'en-GB') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Africa/Luanda' }).format(new Date(iso));

async function notificationsOf(api: APIRequestContext): Promise<AppNotification[]> {
  const response = await api.get('/api/client/common/notificacoes?size=50');
  expect(response.status()).toBe(200);
  return NotificationListResponseSchema.parse(await response.json()).notificacoes;
}

/** A private group of `owner`'s, and `payer` on its weekly plan, paid on the simulated EMIS page's API. */
async function paidMember(owner: Person, payer: Person, nome: string): Promise<string> {
  const created = await owner.api.post(`${G}/criarGrupo`, { data: { nome, privado: true, planos: PLANS } });
  expect(created.status()).toBe(201);
  const group = GroupResponseSchema.parse(await created.json()).grupo;
  const started = await payer.api.get(`${G}/${group.id}/subscrever/semanal`);
  expect(started.status()).toBe(200);
  const paymentId = GroupSubscribeResponseSchema.parse(await started.json()).respostaEmis.id;
  const paid = await payer.api.post(`/api/client/public/pagamentos/emis/${paymentId}/confirmar`, { headers: { accept: 'application/json' } });
  expect(paid.status(), await paid.text()).toBe(200);
  return group.id;
}

async function notificationsPage(browser: Browser, who: Person, origin: string) {
  const page = await pageFor(browser, who, PHONE, origin);
  await page.goto(`${origin}/dashboard/notifications`);
  return page;
}

test('a group subscription paid: its notification reads in each host\'s language, its end date as that reader writes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await newPerson('96');
  const payer = await newPerson('96');
  // A name of its own: other specs look the seeded Kiala VIP up by name on the same server.
  const nome = `Dicas Ouro ${Date.now().toString(36)}`;
  await paidMember(owner, payer, nome);
  const active = (await notificationsOf(payer.api)).find((n) => n.tipo === 'grupoSubscricao');
  const ate = active?.dados?.ate;
  if (!ate) throw new Error('the notification carries no end date');

  const en = await notificationsPage(browser, payer, EN_ORIGIN);
  await expect(en.getByText(`Your subscription to the group ${nome} is active until ${longDate(ate, 'en-GB')}`)).toBeVisible();
  await expect(en.getByText(ISO_DAY)).toHaveCount(0);
  await expect(en.getByText('A tua subscrição')).toHaveCount(0);
  await en.context().close();

  const pt = await notificationsPage(browser, payer, PT_ORIGIN);
  await expect(pt.getByText(`A tua subscrição do grupo ${nome} está activa até ${longDate(ate, 'pt-PT')}`)).toBeVisible();
  await expect(pt.getByText(ISO_DAY)).toHaveCount(0);
  await pt.context().close();

  // The creator hears who subscribed, in each language too.
  const owners = await notificationsPage(browser, owner, EN_ORIGIN);
  await expect(owners.getByText(`${payer.user.nome} subscribed to the group ${nome}`)).toBeVisible();
  await owners.context().close();
  for (const person of [owner, payer]) await person.api.dispose();
});

test('the official account shows its English alias on en, on its profile, its slip cards and its slip\'s page; its handle on pt', async ({ browser }) => {
  test.setTimeout(120_000);
  const official: Person = {
    user: { nome: 'Fichas Oficial', nomeUsuario: 'fichasoficial', email: 'oficial@fichas.ao', password: 'oficial12345' },
    login: { userData: 'fichasoficial', password: 'oficial12345' },
    api: await apiUser(playwright, { userData: 'fichasoficial', password: 'oficial12345' }),
  };
  const events = await upcomingEvents(await (await browser.newContext()).newPage(), 1, 3);
  const slipId = await createSlipThroughApi(official, events);
  const reader = await newPerson('96');

  for (const [origin, shown, hidden] of [
    [EN_ORIGIN, '@slipmatesofficial', '@fichasoficial'],
    [PT_ORIGIN, '@fichasoficial', '@slipmatesofficial'],
  ] as const) {
    const page = await pageFor(browser, reader, PHONE, origin);
    await page.goto(`${origin}/fichasoficial`);
    await expect(page.locator('.profile-handle')).toHaveText(shown);
    // Its slip card in the profile's list names the author by the alias too; the link keeps the real handle.
    const card = page.locator(`a[href$="/fichas/${slipId}"]`).first();
    await expect(card).toBeVisible();
    await expect(card).toContainText(shown);
    await expect(page.getByText(hidden)).toHaveCount(0);
    await page.goto(`${origin}/fichasoficial/fichas/${slipId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(shown);
    await expect(page.getByText(hidden)).toHaveCount(0);
    await page.context().close();
  }
  await official.api.dispose();
  await reader.api.dispose();
});

test.describe('a group subscription about to end', () => {
  let server: SimulatedServer;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startSimulatedServer({ name: 'english-host', speed: 1 });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('is told in each host\'s language, and its push, shown with no page open, in the language of the host it was subscribed on', async ({ browser }) => {
    test.setTimeout(180_000);
    const pt = server.origin;
    const en = `http://en.localhost:${server.port}`;
    const owner = await newPerson('96', pt);
    const payer = await newPerson('96', pt);
    const nome = `Dicas Pagas ${Date.now().toString(36)}`;
    const groupId = await paidMember(owner, payer, nome);
    const session = (await (await payer.api.get('/api/auth/session')).json()) as { user: { id: string } };
    // Days on: two days left (less an hour, so the count is two whichever minute the job runs).
    const end = new Date(Date.now() + 2 * 86_400_000 - 3_600_000).toISOString();
    server.setGroupExpiry({ groupId, userId: session.user.id, expiraEm: end });
    // The server's job tells of it within its minute (server/social/groups/subscription-ending.ts).
    let ending: AppNotification | undefined;
    await expect
      .poll(
        async () => {
          ending = (await notificationsOf(payer.api)).find((n) => n.tipo === 'grupoSubscricao' && typeof n.dados?.dias === 'number');
          return ending?.dados;
        },
        { timeout: 100_000, intervals: [2_000] },
      )
      .toEqual({ grupo: nome, dias: 2, ate: end });
    if (!ending) throw new Error('not told');

    const english = `Your subscription to the group ${nome} ends in 2 days`;
    const portuguese = `A tua subscrição do grupo ${nome} termina em 2 dias`;
    for (const [origin, text] of [[en, english], [pt, portuguese]] as const) {
      const page = await notificationsPage(browser, payer, origin);
      await expect(page.getByText(text)).toBeVisible();
      await page.context().close();
    }

    // The push the server makes of it (server/push/payload.ts), handed to each host's service worker as the push
    // service would, with no page of the app open.
    const { lida: _lida, ...rest } = ending;
    const signal: NotificacaoSignal = { ...rest, counter: 'newGroupSubscription' };
    const web = webPublishOf({ notificacao: signal });
    for (const [origin, title, text] of [[en, 'Slipmates', english], [pt, 'Fichas', portuguese]] as const) {
      const page = await pageFor(browser, payer, PHONE, origin);
      const context = page.context();
      await context.grantPermissions(['notifications'], { origin });
      await waitForServiceWorker(page);
      const worker = await workerEvents(context, origin);
      await page.close();
      await worker.deliverPush({
        notification: { ...web.notification, hide_notification_if_site_has_focus: false },
        data: { ...web.data, pusher: { instanceId: 'embedded', publishId: `pub-${ending.id}-${origin}`, hasDisplayableContent: true, hasData: true } },
      });
      const sw = context.serviceWorkers().find((w) => w.url().startsWith(origin));
      if (!sw) throw new Error('no service worker');
      await expect
        .poll(() =>
          sw.evaluate(async () =>
            (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map((n) => `${n.title}: ${n.body}`),
          ),
        )
        .toContain(`${title}: ${text}`);
      await context.close();
    }
    for (const person of [owner, payer]) await person.api.dispose();
  });
});
