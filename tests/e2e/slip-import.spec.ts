import { expect, test } from '@playwright/test';
import * as playwright from '@playwright/test';
import { startFakeApiFootball, type FakeApiFootball, type FakeBet } from '../fakes/api-football.ts';
import { DEMO, PHONE, apiUser, signIn, waitForServiceWorker } from './support/helpers.ts';
import { slipsOnServer, type ApiSlip } from './support/betting.ts';
import { setPhoneOffline } from './support/offline.ts';
import { startOnApiFootball, type ServerProcess } from './support/processes.ts';

// A tip from WhatsApp into a slip: shared to the app (the manifest's share_target opens the importer filled), read
// leg by leg, one leg left for the user to choose between two fixtures, one not found, the rest matched; the five
// right legs become a slip the server holds. Offline, from the fixtures and markets on the phone, the same.
// A server on the local fake of API-Football, so that every fixture's name, date and price is the test's.

test.use({ viewport: PHONE });

const HOUR = 3_600_000;
const bets = (home: string, draw: string, away: string): FakeBet[] => [
  { id: 1, name: 'Match Winner', values: [{ value: 'Home', odd: home }, { value: 'Draw', odd: draw }, { value: 'Away', odd: away }] },
  { id: 12, name: 'Double Chance', values: [{ value: 'Home/Draw', odd: '1.30' }, { value: 'Home/Away', odd: '1.35' }, { value: 'Draw/Away', odd: '1.62' }] },
  { id: 5, name: 'Goals Over/Under', values: [{ value: 'Over 2.5', odd: '1.85' }, { value: 'Under 2.5', odd: '1.95' }] },
  { id: 8, name: 'Both Teams Score', values: [{ value: 'Yes', odd: '1.72' }, { value: 'No', odd: '2.05' }] },
];

// The Girabola match and the cup match of the same two clubs make the tip's second leg ambiguous.
const FIXTURES = [
  { id: 9101, leagueId: 397, hours: 20, home: 'Petro de Luanda', away: '1º de Agosto' },
  { id: 9102, leagueId: 397, hours: 22, home: 'Sagrada Esperança', away: 'Interclube' },
  { id: 9103, leagueId: 398, hours: 44, home: 'Sagrada Esperança', away: 'Interclube' },
  { id: 9104, leagueId: 39, hours: 24, home: 'Manchester United', away: 'Chelsea' },
  { id: 9105, leagueId: 140, hours: 26, home: 'Real Madrid', away: 'FC Barcelona' },
  { id: 9106, leagueId: 94, hours: 28, home: 'Benfica', away: 'FC Porto' },
];

const TIP = [
  '🔥 Palpite do dia 🔥',
  '1. Petro x 1º Agosto — 1X @1.45',
  '2. Sagrada vs Interclube: X2 @1.60',
  '3. Man Utd v Chelsea Over 2.5 @1.80',
  '4. Real Madrid - Barcelona GG',
  '5. Benfica x Porto 1 @2.10',
  '6. Kabuscorp x Galácticos FC 1 @1.90',
  'Código SportyBet: BX7K2M',
  'Valor: 500 Kz',
  'Boa sorte 🍀',
].join('\n');

/** What the slip must hold: the five legs the tip names, in our markets, the cup match left out. */
const EXPECTED = [
  ['af-9101', 'double_chance', '1X'],
  ['af-9102', 'double_chance', 'X2'],
  ['af-9104', 'goals', 'over_2.5'],
  ['af-9105', 'btts', 'yes'],
  ['af-9106', 'ft_result', 'home'],
];
const legsOf = (slip: ApiSlip) => slip.selecoes.map((leg) => [leg.event_id, leg.event_selection.type, leg.event_selection.choice]).sort();
const isTheTip = (slip: ApiSlip) => JSON.stringify(legsOf(slip)) === JSON.stringify([...EXPECTED].sort());

let fake: FakeApiFootball;
let app: ServerProcess;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startFakeApiFootball();
  // A paid plan's minute: the five leagues' first reads and their prices fit in the feed's first pass.
  fake.plan.minute = 300;
  for (const [id, name, country] of [
    [397, 'Girabola', 'Angola'],
    [398, 'Taça de Angola', 'Angola'],
    [39, 'Premier League', 'England'],
    [140, 'La Liga', 'Spain'],
    [94, 'Primeira Liga', 'Portugal'],
  ] as const) {
    fake.leagues.set(id, { id, name, country, season: 2026 });
  }
  let team = 100;
  for (const fixture of FIXTURES) {
    const date = new Date(Math.ceil((Date.now() + fixture.hours * HOUR) / 60_000) * 60_000).toISOString();
    fake.addFixture({ id: fixture.id, leagueId: fixture.leagueId, date, home: { id: (team += 1), name: fixture.home }, away: { id: (team += 1), name: fixture.away } });
    fake.odds.set(fixture.id, new Map([[8, bets('2.10', '3.20', '3.50')]]));
  }
  app = await startOnApiFootball({ name: 'slip-import', fake, leagues: [397, 398, 39, 140, 94] });
  origin = `http://localhost:${app.port}`;
  const api = await playwright.request.newContext({ baseURL: origin });
  // The feed's first pass makes the events from the fixtures and their prices.
  await expect
    .poll(async () => ((await (await api.get('/api/client/public/eventos')).json()) as { eventos: unknown[] }).eventos.length, { timeout: 60_000 })
    .toBe(FIXTURES.length);
  await api.dispose();
});

test.afterAll(async () => {
  await app?.kill('SIGTERM');
  await fake?.close();
});

test('a six-leg tip shared from WhatsApp becomes a slip of its five right legs, online and then offline', async ({ page, context }) => {
  test.setTimeout(4 * 60_000);
  const demo = await apiUser(playwright, DEMO, origin);
  const manifest = (await (await demo.get('/manifest.webmanifest')).json()) as { share_target?: { action: string; params: Record<string, string> } };
  expect(manifest.share_target).toMatchObject({ action: '/dashboard/fichas/importar', params: { text: 'text' } });
  const before = (await slipsOnServer(demo)).filter(isTheTip).length;

  await signIn(page, origin);
  await waitForServiceWorker(page);
  // Android's share sheet opens the share target's address with what was shared.
  await page.goto(`${origin}/dashboard/fichas/importar?title=${encodeURIComponent('Palpite')}&text=${encodeURIComponent(TIP)}`);
  const box = page.getByLabel('Cola aqui o palpite');
  await expect(box).toHaveValue(/Palpite\n🔥 Palpite do dia 🔥\n1\. Petro x 1º Agosto/);
  // The address is the screen's own again: a reload does not paste the shared text over an edited one.
  await expect(page).toHaveURL(`${origin}/dashboard/fichas/importar`);

  await expectTheSlip(page);
  const panel = page.getByRole('dialog', { name: 'Ficha' });
  await panel.getByRole('button', { name: 'Bater Ficha' }).click();
  await expect(page.getByText('Ficha criada com sucesso')).toBeVisible();
  await expect.poll(async () => (await slipsOnServer(demo)).filter(isTheTip).length).toBe(before + 1);
  const created = (await slipsOnServer(demo)).find(isTheTip) as ApiSlip & { nota?: string; valor: number };
  expect(created).toMatchObject({ nota: 'Código SportyBet BX7K2M', valor: 500 });
  // A link to one of our own slips, shared back to the app, opens that slip (its public page), not the importer.
  const link = `${origin}/demo/fichas/${created.id}`;
  await page.goto(`${origin}/dashboard/fichas/importar?text=${encodeURIComponent(`Olha esta ficha: ${link}`)}`);
  await expect(page).toHaveURL(link);
  await expect(page.getByRole('main').getByText('Nota: Código SportyBet BX7K2M')).toBeVisible();

  // Offline: the same tip pasted again, matched from the fixtures and markets the phone has kept.
  await setPhoneOffline(context, true);
  await page.goto(`${origin}/dashboard/fichas/importar`);
  await box.fill('');
  await box.fill(TIP);
  await expectTheSlip(page);
  await panel.getByRole('button', { name: 'Bater Ficha' }).click();
  await expect(page.getByText('Ficha guardada neste telemóvel. Será enviada quando houver ligação.')).toBeVisible();
  expect((await slipsOnServer(demo)).filter(isTheTip).length).toBe(before + 1);
  await setPhoneOffline(context, false);
  await expect.poll(async () => (await slipsOnServer(demo)).filter(isTheTip).length, { timeout: 30_000 }).toBe(before + 2);
  await demo.dispose();
});

/** The tip's legs as the importer shows them, the ambiguous one chosen, added: the builder holds the five. */
async function expectTheSlip(page: playwright.Page) {
  const legs = page.getByRole('list', { name: 'Selecções do palpite' }).getByRole('listitem');
  await expect(legs).toHaveCount(6);
  await expect(legs.nth(0)).toContainText('Petro de Luanda – 1º de Agosto');
  await expect(legs.nth(0)).toContainText('Dupla hipótese: 1X');
  await expect(legs.nth(0)).toContainText('Odd do palpite: 1.45 · Odd actual: 1.30 (-0.15)');
  await expect(legs.nth(2)).toContainText('Manchester United – Chelsea');
  await expect(legs.nth(2)).toContainText('Total de golos: Mais de 2.5');
  await expect(legs.nth(3)).toContainText('Ambas marcam: Sim');
  await expect(legs.nth(4)).toContainText('Resultado final: Casa');
  await expect(legs.nth(5)).toContainText('Não encontrado');
  await expect(legs.nth(5)).toContainText('Kabuscorp x Galácticos FC 1');
  // Two fixtures of the same clubs: the user says which (the league match); it is never picked for them.
  const choices = legs.nth(1).getByRole('group', { name: /Vários jogos possíveis/ });
  await expect(choices.getByRole('radio')).toHaveCount(3);
  await choices.getByRole('radio', { name: /Girabola/ }).check();
  await expect(legs.nth(1)).toContainText('Dupla hipótese: X2');

  await page.getByRole('button', { name: 'Adicionar à ficha' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'selecções adicionadas' })).toHaveText(/5 selecções adicionadas à ficha\. 1 ficou de fora\./);
  await page.getByRole('button', { name: 'Ficha: 5 selecções' }).click();
  const panel = page.getByRole('dialog', { name: 'Ficha' });
  await expect(panel.getByText('Nota: Código SportyBet BX7K2M')).toBeVisible();
  await expect(panel.getByLabel('Valor da aposta (Kz)')).toHaveValue('500');
  await panel.getByLabel('Aceitar alterações de odds').check();
}
