import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SlipResponseSchema, type Selection } from '../../contract/schemas/slips.ts';
import { seriousViolations, widerThanViewport } from './support/a11y.ts';
import type { ApiEvent } from './support/betting.ts';
import { PHONE, signIn } from './support/helpers.ts';
import { setPhoneOffline } from './support/offline.ts';
import { createSlipThroughApi, newPerson, type Person } from './support/people.ts';
import { startSimulatedServer, type SimulatedServer } from './support/simulated-server.ts';

// The stale-slip check: a slip shared into a chat, opened after the feed moved one leg's price and kicked off another's
// match, shows both leg by leg (in the chat's card and on the public slip page) and copies only the open legs, at
// current odds. A server of its own: the simulator plays the kicked-off match at 10 match minutes a real minute, so
// it stays live for the whole test; prices of matches more than two days away are not nudged by the simulator.

const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.STALE_SHOTS ?? '/tmp/stale-shots';
const DRIFT_HORIZON_MS = 48 * 3_600_000;

let server: SimulatedServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startSimulatedServer({ name: 'stale', speed: 10 });
});

test.afterAll(async () => {
  await server?.stop();
});

async function events(api: Person['api']): Promise<{ far: ApiEvent[]; soon: ApiEvent }> {
  const { eventos } = (await (await api.get('/api/client/public/eventos')).json()) as { eventos: ApiEvent[] };
  const open = eventos.filter((event) => event.status === 'NS' && Date.parse(event.date) > Date.now() + 3_600_000);
  const far = open.filter((event) => Date.parse(event.date) > Date.now() + DRIFT_HORIZON_MS + 3_600_000);
  const soon = open.find((event) => !far.includes(event));
  expect(far.length, 'two matches more than two days away').toBeGreaterThanOrEqual(2);
  if (!soon) throw new Error('no match within two days');
  return { far: far.slice(0, 2), soon };
}

async function signedIn(browser: Browser, person: Person, viewport: { width: number; height: number }, origin: string): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, origin, person.login);
  return page;
}

async function check(page: Page, name: string) {
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await widerThanViewport(page), `${name} wider than the viewport`).toBe(false);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a shared slip with a moved price and a started leg shows both and copies only the open legs at current odds', async ({ browser }) => {
  test.setTimeout(240_000);
  const { origin } = server;
  const enOrigin = `http://en.localhost:${server.port}`;
  const ana = await newPerson('94', origin);
  const bruno = await newPerson('94', origin);
  const { far, soon } = await events(ana.api);
  const [moved, same] = far as [ApiEvent, ApiEvent];
  const slipId = await createSlipThroughApi(ana, [moved, same, soon]);
  const sent = await ana.api.post(`/api/client/common/conversas/com/${bruno.user.nomeUsuario}/mensagens`, {
    data: { mensagem: 'Vê esta ficha.', imagens: [] },
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(sent.status()).toBe(201);
  const conversaId = ((await sent.json()) as { mensagem: { chatId: string } }).mensagem.chatId;
  const shared = await ana.api.get(`/api/client/common/conversas/${conversaId}/shareToChat?resourceType=ficha&resourceId=${slipId}`, {
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(shared.status()).toBe(200);

  // The feed moves: the first leg's price goes up by 0.25, the third leg's match kicks off.
  const legs = async () => SlipResponseSchema.parse(await (await bruno.api.get(`/api/client/common/fichas/${slipId}`)).json()).ficha.selecoes;
  const leg = (all: Selection[], id: string) => all.find((selection) => selection.event_id === id);
  const then = leg(await legs(), moved.id)?.event_selection.odds ?? 0;
  const now = Math.round((then + 0.25) * 100) / 100;
  server.setOdds({ eventId: moved.id, type: 'ft_result', choice: 'home', odds: now });
  server.kickOffIn(soon.id, 1_000);
  await expect.poll(async () => leg(await legs(), soon.id)?.event_status, { timeout: 30_000 }).toBe('LIVE');
  expect(leg(await legs(), moved.id)?.event_selection_now).toEqual({ open: true, odds: now });
  const percent = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(Math.round(((now - then) / then) * 1000) / 10);

  // Bruno opens the chat: the card says what changed, leg by leg, and sums it up.
  const page = await signedIn(browser, bruno, DESKTOP, origin);
  await page.goto(`${origin}/dashboard/comunidade/conversas/${ana.user.nomeUsuario}`);
  const card = page.getByRole('article', { name: `Ficha partilhada de ${ana.user.nome}` });
  await expect(card.getByText('Desde que foi feita: 1 odd mudou, 1 jogo começou; 2 selecções ainda abertas.')).toBeVisible();
  const legOf = (event: ApiEvent) => card.locator('.slip-leg').filter({ hasText: `${event.home_name} – ${event.away_name}` });
  await expect(legOf(moved).getByText(`Odd subiu: ${then.toFixed(2)} → ${now.toFixed(2)} (${percent}%)`)).toBeVisible();
  await expect(legOf(same).getByText('Aberta, mesma odd')).toBeVisible();
  await expect(legOf(soon).getByText(/^Começou · minuto \d+$/)).toBeVisible();
  await check(page, 'card-pt-1280');

  // Copied: the two open legs, the moved one at its price now; the started one left out, and said why.
  const panel = page.getByRole('complementary', { name: /Ficha/ });
  await expect(panel.locator('.panel-count')).toHaveText('0');
  await card.getByRole('button', { name: 'Copiar para a minha ficha' }).click();
  await expect(page.getByText('2 selecções copiadas para a sua ficha. 1 ficou de fora: 1 já começou. 1 copiada com a odd actualizada.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/copied-pt-1280.png` });
  await expect(panel.locator('.panel-count')).toHaveText('2');
  const builder = panel.getByRole('list', { name: 'Selecções da ficha' });
  await expect(builder.getByRole('listitem')).toHaveCount(2);
  await expect(builder.getByRole('listitem').filter({ hasText: `${moved.home_name} – ${moved.away_name}` })).toContainText(now.toFixed(2));
  await expect(builder.getByText(`${soon.home_name} – ${soon.away_name}`)).toHaveCount(0);

  // The public slip page (where a slip from a profile or the card's "Abrir ficha" leads) shows the same check.
  await card.getByRole('link', { name: 'Abrir ficha' }).click();
  await expect(page).toHaveURL(`${origin}/${ana.user.nomeUsuario}/fichas/${slipId}`);
  const main = page.getByRole('main');
  await expect(main.getByText('Desde que foi feita: 1 odd mudou, 1 jogo começou; 2 selecções ainda abertas.')).toBeVisible();
  await expect(main.getByText(`Odd subiu: ${then.toFixed(2)} → ${now.toFixed(2)} (${percent}%)`)).toBeVisible();
  await expect(main.getByText(/^Começou · minuto \d+$/)).toBeVisible();
  await check(page, 'public-pt-1280');
  await page.context().close();

  // On a phone, in pt and en; then offline, the card shows what the phone's store knows and when it was updated.
  for (const [lang, at] of [['en', enOrigin], ['pt', origin]] as const) {
    const phone = await signedIn(browser, bruno, PHONE, at);
    await phone.goto(`${at}/${ana.user.nomeUsuario}/fichas/${slipId}`);
    await expect(phone.getByRole('main').locator('.leg-change-moved-up')).toBeVisible();
    await check(phone, `public-${lang}-360`);
    await phone.goto(`${at}/dashboard/comunidade/conversas/${ana.user.nomeUsuario}`);
    const phoneCard = phone.getByRole('article').filter({ hasText: `@${ana.user.nomeUsuario}` });
    await expect(phoneCard.locator('.leg-change-started')).toBeVisible();
    await check(phone, `card-${lang}-360`);
    if (lang === 'pt') {
      await setPhoneOffline(phone.context(), true);
      await expect(phoneCard.getByText(/^Actualizado às \d\d:\d\d/)).toBeVisible();
      await expect(phoneCard.locator('.leg-change-moved-up')).toBeVisible();
      await expect(phoneCard.locator('.leg-change-started')).toBeVisible();
      await check(phone, 'card-offline-pt-360');
      await setPhoneOffline(phone.context(), false);
    }
    await phone.context().close();
  }
  const desktopEn = await signedIn(browser, bruno, DESKTOP, enOrigin);
  await desktopEn.goto(`${enOrigin}/${ana.user.nomeUsuario}/fichas/${slipId}`);
  await expect(desktopEn.getByRole('main').locator('.leg-change-started')).toBeVisible();
  await check(desktopEn, 'public-en-1280');
  await desktopEn.goto(`${enOrigin}/dashboard/comunidade/conversas/${ana.user.nomeUsuario}`);
  await expect(desktopEn.getByRole('article').filter({ hasText: `@${ana.user.nomeUsuario}` }).locator('.leg-change-moved-up')).toBeVisible();
  await check(desktopEn, 'card-en-1280');
  await desktopEn.context().close();
  await Promise.all([ana.api.dispose(), bruno.api.dispose()]);
});
