import { expect, test } from '@playwright/test';
import * as playwright from '@playwright/test';
import { startFakeApiFootball, type FakeApiFootball } from '../fakes/api-football.ts';
import { PHONE, signIn } from './support/helpers.ts';
import { pickHomeWin } from './support/betting.ts';
import { startOnApiFootball, type ServerProcess } from './support/processes.ts';

// The app on real football data: a server with SPORTS_FEED=api-football against the local fake of API-Football v3.
// A user builds a slip on a fake fixture through the screens; the fake plays the match; the feed follows it live,
// the slip settles on the final score and the author's record counts it. The match kicks off a little after the
// slip is made (a slip on a started match is refused), so the test waits for that kick-off by polling, never by
// sleeping.

test.use({ viewport: PHONE });

// Time enough to sign in and build the slip on a busy machine; the test then waits for the kick-off.
const KICKOFF_LEAD_MS = 90_000;
const FIXTURE = 8101;
/** Another match of the same kick-off, which the API postpones. */
const POSTPONED = 8102;

let fake: FakeApiFootball;
let app: ServerProcess;
let kickoff: Date;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startFakeApiFootball();
  fake.leagues.set(397, { id: 397, name: 'Girabola', country: 'Angola', season: 2026 });
  kickoff = new Date(Date.now() + KICKOFF_LEAD_MS);
  fake.addFixture({ id: FIXTURE, leagueId: 397, date: kickoff.toISOString(), home: { id: 21, name: 'Petro de Luanda' }, away: { id: 22, name: '1º de Agosto' } });
  fake.addFixture({ id: POSTPONED, leagueId: 397, date: kickoff.toISOString(), home: { id: 23, name: 'Sagrada Esperança' }, away: { id: 24, name: 'Interclube' } });
  fake.odds.set(
    POSTPONED,
    new Map([[8, [{ id: 1, name: 'Match Winner', values: [{ value: 'Home', odd: '1.90' }, { value: 'Draw', odd: '3.30' }, { value: 'Away', odd: '4.20' }] }]]]),
  );
  fake.odds.set(
    FIXTURE,
    new Map([
      [
        8,
        [
          { id: 1, name: 'Match Winner', values: [{ value: 'Home', odd: '2.10' }, { value: 'Draw', odd: '3.20' }, { value: 'Away', odd: '3.50' }] },
          { id: 5, name: 'Goals Over/Under', values: [{ value: 'Over 2.5', odd: '2.05' }, { value: 'Under 2.5', odd: '1.75' }] },
        ],
      ],
    ]),
  );
  app = await startOnApiFootball({ name: 'real-football', fake, leagues: [397], env: { API_FOOTBALL_LIVE_INTERVAL_S: '15' } });
});

test.afterAll(async () => {
  await app?.kill('SIGTERM');
  await fake?.close();
});

test('a slip on a real fixture settles when the feed says the match is over, and the record counts it', async ({ page }) => {
  test.setTimeout(6 * 60_000);
  const origin = `http://localhost:${app.port}`;
  const api = await playwright.request.newContext({ baseURL: origin });
  const event = async () =>
    ((await (await api.get(`/api/client/public/eventos/af-${FIXTURE}`)).json()) as { evento?: { status: string; home_goals: number | null; odds_source?: string } }).evento;
  // The feed's first pass makes the event from the fixture and its prices.
  await expect.poll(async () => (await event())?.status, { timeout: 30_000 }).toBe('NS');

  await signIn(page, origin);
  await pickHomeWin(page, origin, { id: `af-${FIXTURE}`, date: kickoff.toISOString(), status: 'NS', home_name: 'Petro de Luanda', away_name: '1º de Agosto' });
  await page.getByRole('button', { name: /^Ficha: 1 selec/ }).click();
  const panel = page.getByRole('dialog', { name: 'Ficha' });
  await expect(panel.getByText('Petro de Luanda – 1º de Agosto')).toBeVisible();
  await panel.getByLabel('Valor da aposta (Kz)').fill('500');
  await panel.getByRole('button', { name: 'Bater Ficha' }).click();
  await expect(page.getByText('Ficha criada com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/fichas\/(?!local)[\w-]+$/);
  const slipId = page.url().split('/').pop() ?? '';
  const slip = async () =>
    (await page.evaluate(async (id) => {
      const response = await fetch(`/api/client/apostador/fichas/${id}`, { headers: { 'X-Requested-With': 'fichas' } });
      return ((await response.json()) as { ficha: { estado: string; registoAutor?: { liquidadas: number } } }).ficha;
    }, slipId));
  expect((await slip()).estado).toBe('pending');

  // The match is played on the fake: from its kick-off the feed reads it live.
  fake.play(FIXTURE, 'kick-off');
  fake.play(FIXTURE, { goal: 'home', minute: 12 });
  fake.play(POSTPONED, { short: 'PST', long: 'Match Postponed' });
  await expect.poll(async () => (await event())?.status, { timeout: KICKOFF_LEAD_MS + 60_000, intervals: [2_000] }).toBe('LIVE');
  expect(await event()).toMatchObject({ home_goals: 1, odds_source: 'prematch' });
  await page.goto(`${origin}/explorar/af-${FIXTURE}`);
  await expect(page.getByText('Odds de antes do jogo: não há odds ao vivo para este jogo')).toBeVisible();
  // The postponed match says why it is off, in each language.
  await expect.poll(async () => ((await (await api.get(`/api/client/public/eventos/af-${POSTPONED}`)).json()) as { evento: { status: string } }).evento.status).toBe('PST');
  await page.goto(`${origin}/explorar/af-${POSTPONED}`);
  await expect(page.getByRole('status').filter({ hasText: 'Suspenso (adiado)' })).toBeVisible();

  fake.play(FIXTURE, 'half-time');
  fake.play(FIXTURE, 'second-half');
  fake.play(FIXTURE, 'full-time');
  await expect.poll(async () => (await slip()).estado, { timeout: 60_000, intervals: [2_000] }).toBe('won');
  expect((await slip()).registoAutor?.liquidadas).toBe(1);
  expect(await event()).toMatchObject({ status: 'FT', home_goals: 1 });
  // Its owner is told, on the page too.
  await page.goto(`${origin}/dashboard/notifications`);
  await expect(page.getByText(/A tua ficha ganhou/).first()).toBeVisible();
  // And on the English host, the postponed match in English.
  await signIn(page, `http://en.localhost:${app.port}`);
  await page.goto(`http://en.localhost:${app.port}/explorar/af-${POSTPONED}`);
  await expect(page.getByRole('status').filter({ hasText: 'Suspended (postponed)' })).toBeVisible();
  await api.dispose();
});
