import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type Route } from '@playwright/test';
import { EN_ORIGIN, PHONE, PT_ORIGIN, signIn } from './support/helpers.ts';
import { newPerson, type Person } from './support/people.ts';
import { setPhoneOffline } from './support/offline.ts';
import { packFiles, workerRequests } from './support/kept.ts';
import { seriousViolations, widerThanViewport } from './support/a11y.ts';

// A screen the phone has not kept (docs/decisions.md "Offline"): with the data saver on over a metered connection the
// worker keeps nothing ahead, so offline such a screen says in the app's frame that it needs a connection, offers to go
// back, and opens by itself once the phone is online again; online, a chunk that fails once is tried again, never the
// crash page. And no false empty states: until the server has answered a list, a skeleton, never "you have none".

test.use({ viewport: PHONE });

const TEXT = {
  pt: {
    menu: 'Abrir menu',
    crash: 'Algo correu mal',
    needsConnection: 'Este ecrã precisa de ligação',
    back: 'Voltar',
    explore: 'Explorar',
    community: 'Comunidade',
    rooms: 'Salas de jogos',
    conversations: 'Conversas',
    noConversations: 'Ainda não tens conversas.',
    notifications: 'Notificações',
    noNotifications: 'Ainda não tens notificações.',
    loading: 'A carregar',
  },
  en: {
    menu: 'Open menu',
    crash: 'Something went wrong',
    needsConnection: 'This screen needs a connection',
    back: 'Back',
    explore: 'Explore',
    community: 'Community',
    rooms: 'Match rooms',
    conversations: 'Conversations',
    noConversations: 'You have no conversations yet.',
    notifications: 'Notifications',
    noNotifications: 'You have no notifications yet.',
    loading: 'Loading',
  },
};
type Texts = (typeof TEXT)['pt'];

async function fromMenu(page: Page, text: Texts, name: string): Promise<void> {
  await page.getByRole('button', { name: text.menu }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: new RegExp(`^${name}( \\d+)?$`) }).click();
}

/** Holds every request matching `url` until `release` is called; `held` settles once the first has arrived. */
async function hold(page: Page, url: string | RegExp) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => {};
  const held = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(url, async (route: Route) => {
    arrived();
    await released;
    await route.continue();
  });
  return { held, release };
}

async function writesTo(to: Person): Promise<void> {
  const other = await newPerson('96');
  const sent = await other.api.post(`/api/client/common/conversas/com/${to.user.nomeUsuario}/mensagens`, {
    data: { mensagem: 'Boa tarde! Já viste a ficha?' },
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(sent.status()).toBe(201);
}

for (const [lang, origin] of [
  ['pt', PT_ORIGIN],
  ['en', EN_ORIGIN],
] as const) {
  const text = TEXT[lang];

  test.describe(`${lang}: with the service worker`, () => {
    test('with the data saver on, the worker keeps no other screen; offline one says it needs a connection, goes back, and opens once online', async ({
      page,
      context,
    }) => {
      test.setTimeout(90_000);
      const user = await newPerson('96');
      // The data saver turned on in the settings on this phone (state/data-saver.ts); the connection's type is unknown.
      await context.addInitScript(() => localStorage.setItem('dataSaver', 'on'));
      const requests = workerRequests(context);
      await signIn(page, origin, user.login);
      await expect(page.locator('html')).toHaveAttribute('data-keep-screens', 'saving-data');
      expect(requests.filter((path) => packFiles().includes(path))).toEqual([]);

      await setPhoneOffline(context, true);
      await page.getByRole('button', { name: text.menu }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: new RegExp(`^${text.community}( \\d+)?$`) }).click();
      const notice = page.getByRole('alert').filter({ hasText: text.needsConnection });
      await expect(notice).toBeVisible();
      // In the app's frame, with its menu; not the crash page.
      await expect(page.getByRole('button', { name: text.menu })).toBeVisible();
      await expect(page.getByText(text.crash)).toHaveCount(0);
      expect(await widerThanViewport(page)).toBe(false);
      if (lang === 'pt') expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`needs-connection-${lang}-360.png`) });

      await notice.getByRole('button', { name: text.back }).click();
      await expect(page).toHaveURL(/\/explorar$/);
      await expect(page.getByRole('heading', { level: 1, name: text.explore })).toBeVisible();

      // Reloaded offline on a screen not kept: the same notice, in the frame.
      await page.evaluate(() => {
        history.pushState(null, '', '/dashboard/comunidade/salas');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(notice).toBeVisible();
      await page.reload();
      await expect(notice).toBeVisible();
      await expect(page.getByRole('button', { name: text.menu })).toBeVisible();

      // Back online, the screen opens by itself.
      await setPhoneOffline(context, false);
      await expect(page.getByRole('heading', { level: 1, name: text.rooms })).toBeVisible();
      await expect(notice).toHaveCount(0);
    });
  });

  test.describe(`${lang}: without a service worker in the way of page.route`, () => {
    test.use({ serviceWorkers: 'block' });

    test('online, a screen chunk that fails once is tried again: the screen opens, never the crash page', async ({ page }) => {
      const user = await newPerson('96');
      await signIn(page, origin, user.login);
      // The first load of the screen fails: its chunk's modulepreload (vite preloads the chunk with its imports) and
      // the import itself; the try after that goes through.
      let requests = 0;
      await page.route(/\/assets\/Rooms-[\w-]+\.js$/, async (route) => {
        requests += 1;
        if (requests <= 2) await route.abort('connectionreset');
        else await route.continue();
      });
      await page.evaluate(() => {
        // Gone if the page reloads: the retry is the screen's own, not a reload of the app.
        document.documentElement.dataset.samePage = 'yes';
        history.pushState(null, '', '/dashboard/comunidade/salas');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page.getByRole('heading', { level: 1, name: text.rooms })).toBeVisible();
      expect(requests).toBeGreaterThan(2);
      await expect(page.locator('html')).toHaveAttribute('data-same-page', 'yes');
      await expect(page.getByText(text.crash)).toHaveCount(0);
      await expect(page.getByText(text.needsConnection)).toHaveCount(0);
    });

    test('a list the server has not answered yet shows a skeleton, never that there is none', async ({ page }) => {
      const user = await newPerson('96');
      await writesTo(user);
      await signIn(page, origin, user.login);

      // Conversas: the user has one; until the list arrives, no "you have no conversations" under the tab's badge.
      const conversations = await hold(page, /\/api\/client\/common\/conversas\/fetch/);
      await fromMenu(page, text, text.community);
      await conversations.held;
      await expect(page.getByRole('heading', { level: 1, name: text.conversations })).toBeVisible();
      await expect(page.getByTestId('list-skeleton')).toBeVisible();
      await expect(page.getByRole('status', { name: text.loading })).toBeVisible();
      await expect(page.getByText(text.noConversations)).toHaveCount(0);
      conversations.release();
      await expect(page.locator('.conversation-item')).toHaveCount(1);
      await expect(page.getByText(text.noConversations)).toHaveCount(0);
      await expect(page.getByTestId('list-skeleton')).toHaveCount(0);

      // Notificações: none until the server has said so.
      const notifications = await hold(page, /\/api\/client\/common\/notificacoes/);
      await fromMenu(page, text, text.notifications);
      await notifications.held;
      await expect(page.getByRole('heading', { level: 1, name: text.notifications })).toBeVisible();
      await expect(page.getByTestId('list-skeleton')).toBeVisible();
      await expect(page.getByText(text.noNotifications)).toHaveCount(0);
      notifications.release();
      await expect(page.getByTestId('list-skeleton')).toHaveCount(0);
    });

    test('a list the server answers empty says so once it has', async ({ page }) => {
      const user = await newPerson('96');
      await signIn(page, origin, user.login);
      const conversations = await hold(page, /\/api\/client\/common\/conversas\/fetch/);
      await fromMenu(page, text, text.community);
      await conversations.held;
      await expect(page.getByTestId('list-skeleton')).toBeVisible();
      await expect(page.getByText(text.noConversations)).toHaveCount(0);
      conversations.release();
      await expect(page.getByText(text.noConversations)).toBeVisible();
      await expect(page.getByTestId('list-skeleton')).toHaveCount(0);
    });
  });
}
