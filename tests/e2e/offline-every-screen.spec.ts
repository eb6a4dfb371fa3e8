import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { EN_ORIGIN, PHONE, PT_ORIGIN, signIn } from './support/helpers.ts';
import { newPerson, type Person } from './support/people.ts';
import { setPhoneOffline } from './support/offline.ts';
import { lazyFiles, packFiles, waitForEveryScreenKept, workerRequests } from './support/kept.ts';
import { seriousViolations, widerThanViewport } from './support/a11y.ts';

// Every screen opens offline after one visit (docs/decisions.md "Offline"): sign in, open only Explorar, let the phone
// be idle until the worker has kept every screen (the cache is polled; nothing asks the worker), go offline, and open
// each screen as a user would, then reload it. A list this phone has never loaded says so, never that there is none.

test.use({ viewport: PHONE });

const MODERADOR = { userData: 'moderador', password: 'moderador123' };

const TEXT = {
  pt: {
    menu: 'Abrir menu',
    crash: 'Algo correu mal',
    needsConnection: 'Este ecrã precisa de ligação',
    community: 'Comunidade',
    groups: 'Grupos',
    rooms: 'Salas de jogos',
    settings: 'Definições',
    notifications: 'Notificações',
    subscription: 'Subscrição',
    conversations: 'Conversas',
    noConversationsHere: 'Ainda não há conversas neste telemóvel: liga-te uma vez.',
    noConversations: 'Ainda não tens conversas.',
    noGroupsHere: 'Ainda não há grupos neste telemóvel: liga-te uma vez.',
    noRoomsHere: 'Ainda não há salas de jogos neste telemóvel: liga-te uma vez.',
    noNotificationsHere: 'Ainda não há notificações neste telemóvel: liga-te uma vez.',
    noNotifications: 'Ainda não tens notificações.',
    noRewardsHere: 'Ainda não há recompensas neste telemóvel: liga-te uma vez.',
    slips: 'Fichas',
    noSlipsHere: 'Ainda não há fichas neste telemóvel: liga-te uma vez.',
    importTip: 'Importar palpite',
    faq: 'Perguntas frequentes',
    credits: 'Créditos',
    reports: 'Denúncias',
    support: 'Conversas de apoio',
    updated: /Actualizado às \d\d:\d\d/,
  },
  en: {
    menu: 'Open menu',
    crash: 'Something went wrong',
    needsConnection: 'This screen needs a connection',
    community: 'Community',
    groups: 'Groups',
    rooms: 'Match rooms',
    settings: 'Settings',
    notifications: 'Notifications',
    subscription: 'Subscription',
    conversations: 'Conversations',
    noConversationsHere: 'No conversations on this phone yet: connect once.',
    noConversations: 'You have no conversations yet.',
    noGroupsHere: 'No groups on this phone yet: connect once.',
    noRoomsHere: 'No match rooms on this phone yet: connect once.',
    noNotificationsHere: 'No notifications on this phone yet: connect once.',
    noNotifications: 'You have no notifications yet.',
    noRewardsHere: 'No rewards on this phone yet: connect once.',
    slips: 'Slips',
    noSlipsHere: 'No slips on this phone yet: connect once.',
    importTip: 'Import a tip',
    faq: 'Frequently asked questions',
    credits: 'Credits',
    reports: 'Reports',
    support: 'Support conversations',
    updated: /Updated at \d\d:\d\d/,
  },
};
type Texts = (typeof TEXT)['pt'];

/** Moves within the app as its links do (wouter follows history), without loading a page. */
async function follow(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/** Opens a menu entry from the header's menu (its name may end with its unread count). */
async function fromMenu(page: Page, text: Texts, name: string): Promise<void> {
  await page.getByRole('button', { name: text.menu }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: new RegExp(`^${name}( \\d+)?$`) }).click();
}

/** The screen is up in the app's frame: the header's menu, a title, no crash page and no "needs a connection". */
async function opened(page: Page, text: Texts, title?: string | RegExp): Promise<void> {
  await expect(page.getByRole('button', { name: text.menu })).toBeVisible();
  const heading = page.locator('main h1').first();
  await expect(heading).toBeVisible();
  if (title) await expect(heading).toHaveText(title);
  await expect(page.getByText(text.crash)).toHaveCount(0);
  await expect(page.getByText(text.needsConnection)).toHaveCount(0);
}

/** The same screen after a reload offline (the worker answers the page and its chunks). */
async function reloadsOffline(page: Page, text: Texts, title?: string | RegExp): Promise<void> {
  await page.reload();
  await opened(page, text, title);
}

/** Signs in, opens only Explorar, and waits (polling the cache) until the worker has kept every screen by itself. */
async function oneVisit(page: Page, origin: string, login: { userData: string; password: string }): Promise<string[]> {
  const requests = workerRequests(page.context());
  await signIn(page, origin, login);
  await waitForEveryScreenKept(page);
  return requests;
}

async function firstId(api: APIRequestContext, path: string, list: 'grupos' | 'data', key: 'id' | 'eventId'): Promise<string> {
  const response = await api.get(path);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as Record<string, Record<string, string>[]>;
  const id = body[list]?.[0]?.[key];
  expect(id, `${path} lists something`).toBeDefined();
  return id ?? '';
}

async function someoneWhoWrites(to: Person): Promise<Person> {
  const other = await newPerson('96');
  const sent = await other.api.post(`/api/client/common/conversas/com/${to.user.nomeUsuario}/mensagens`, {
    data: { mensagem: 'Olá! Viste o jogo?' },
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(sent.status()).toBe(201);
  return other;
}

for (const [lang, origin] of [
  ['pt', PT_ORIGIN],
  ['en', EN_ORIGIN],
] as const) {
  const text = TEXT[lang];

  test(`${lang}: after one visit to Explorar every screen opens offline, and lists never loaded say so`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const user = await newPerson('96');
    // Someone has written to the user: Conversas, never opened on this phone, must not say there are none.
    const other = await someoneWhoWrites(user);
    const group = await firstId(user.api, '/api/client/common/grupos?pageNumber=1&size=5&gruposComponent=tudo', 'grupos', 'id');
    const room = await firstId(user.api, '/api/client/common/grupos/salas?pageNumber=1&size=5', 'data', 'eventId');

    const requests = await oneVisit(page, origin, user.login);
    await expect(page.getByText(text.updated).first()).toBeVisible();
    // Every screen was kept in a few requests made side by side, not one per file.
    const packs = packFiles();
    const lazy = new Set(lazyFiles());
    expect(packs.length).toBeGreaterThan(0);
    expect(requests.filter((path) => packs.includes(path)).length).toBeLessThanOrEqual(packs.length);
    const oneByOne = requests.filter((path) => lazy.has(path));
    // Only the files Explorar itself loaded before the worker was in charge are taken from the HTTP cache one by one.
    const explorarLoaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(oneByOne.filter((path) => !explorarLoaded.includes(path))).toEqual([]);

    await setPhoneOffline(context, true);

    // Comunidade: Conversas was never loaded here; the user has a conversation.
    await fromMenu(page, text, text.community);
    await opened(page, text, text.conversations);
    await expect(page.getByText(text.noConversationsHere)).toBeVisible();
    await expect(page.getByText(text.noConversations)).toHaveCount(0);
    await reloadsOffline(page, text, text.conversations);
    await expect(page.getByText(text.noConversationsHere)).toBeVisible();
    expect(await widerThanViewport(page)).toBe(false);
    if (lang === 'pt') expect(await seriousViolations(page)).toEqual([]);

    const community = page.getByRole('navigation', { name: text.community });
    await community.getByRole('link', { name: text.groups }).click();
    await opened(page, text, text.groups);
    await expect(page.getByText(text.noGroupsHere)).toBeVisible();
    await reloadsOffline(page, text, text.groups);

    await community.getByRole('link', { name: text.rooms }).click();
    await opened(page, text, text.rooms);
    await expect(page.getByText(text.noRoomsHere)).toBeVisible();
    await reloadsOffline(page, text, text.rooms);

    for (const path of [`/dashboard/comunidade/grupos/${group}`, `/dashboard/comunidade/salas/${room}`, `/${other.user.nomeUsuario}`]) {
      await follow(page, path);
      await opened(page, text);
      await reloadsOffline(page, text);
    }

    await fromMenu(page, text, text.notifications);
    await opened(page, text, text.notifications);
    await expect(page.getByText(text.noNotificationsHere).or(page.locator('.notification-item').first())).toBeVisible();
    await expect(page.getByText(text.noNotifications)).toHaveCount(0);
    await reloadsOffline(page, text, text.notifications);

    await fromMenu(page, text, text.settings);
    await opened(page, text, text.settings);
    await reloadsOffline(page, text, text.settings);

    await fromMenu(page, text, text.subscription);
    await opened(page, text);
    await reloadsOffline(page, text);

    await fromMenu(page, text, text.slips);
    await opened(page, text);
    await expect(page.getByText(text.noSlipsHere)).toBeVisible();
    await reloadsOffline(page, text);

    // The tip importer reads the fixtures Explorar left on the phone.
    await page.getByRole('link', { name: text.importTip }).click();
    await opened(page, text, text.importTip);
    await reloadsOffline(page, text, text.importTip);

    await follow(page, '/dashboard/recompensas/enviadas');
    await opened(page, text);
    await expect(page.getByText(text.noRewardsHere)).toBeVisible();
    await reloadsOffline(page, text);

    await follow(page, '/faq');
    await opened(page, text, text.faq);
    await reloadsOffline(page, text, text.faq);
    await follow(page, '/cliline');
    await opened(page, text, text.credits);
    await reloadsOffline(page, text, text.credits);

    // Explorar, the screen of the one visit, shows what the phone holds and when it was last updated.
    await fromMenu(page, text, lang === 'pt' ? 'Explorar' : 'Explore');
    await expect(page.getByText(text.updated).first()).toBeVisible();
    await setPhoneOffline(context, false);
  });

  test(`${lang}: the moderator's screens open offline after one visit`, async ({ page, context }) => {
    test.setTimeout(90_000);
    const user = await newPerson('96');
    const group = await firstId(user.api, '/api/client/common/grupos?pageNumber=1&size=5&gruposComponent=tudo', 'grupos', 'id');
    await oneVisit(page, origin, MODERADOR);
    await setPhoneOffline(context, true);

    await fromMenu(page, text, text.notifications);
    await opened(page, text, text.reports);
    await reloadsOffline(page, text, text.reports);
    await fromMenu(page, text, text.conversations);
    await opened(page, text, text.support);
    // Not loaded offline: the problem says so, not that there are none.
    await expect(page.getByText(text.noConversations)).toHaveCount(0);
    await reloadsOffline(page, text, text.support);
    for (const path of [`/moderador/conversas/${user.user.nomeUsuario}`, `/moderador/grupos/${group}`]) {
      await follow(page, path);
      await opened(page, text);
      await reloadsOffline(page, text);
    }
    await setPhoneOffline(context, false);
  });
}
