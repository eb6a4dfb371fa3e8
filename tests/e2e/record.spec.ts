import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { checkA11y } from './support/a11y.ts';
import { upcomingEvents } from './support/betting.ts';
import { EN_ORIGIN, PHONE, PT_ORIGIN, waitForServiceWorker } from './support/helpers.ts';
import { createSlipThroughApi, newPerson, pageFor } from './support/people.ts';
import { setPhoneOffline } from './support/offline.ts';
import { formatPercent } from '../../src/components/record/record-format.ts';

// The verified record in the app: a profile shows the verified record, with "sem histórico suficiente (N de
// 20)" instead of the ratios below 20 settled slips and the ratios, streaks and running-ROI chart above; the record
// reads offline once seen; slip cards carry their author's record and the comunidade board ranks by ROI. Screenshots
// at 360 and 1280 px, pt and en, each checked with axe.

const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.RECORD_SHOTS ?? '/tmp/shots-record';

interface Figures {
  liquidadas: number;
  taxaAcerto: number | null;
  roi: number | null;
}

interface ProfileRecord {
  total: Figures;
  ultimos30: Figures;
  suficiente: boolean;
  curva: { em: string; roi: number }[];
}

interface BoardUser {
  nomeUsuario: string;
  nome: string;
  posicao?: number | null;
  registo?: { liquidadas: number; suficiente: boolean; roi: number | null; taxaAcerto: number | null };
}

async function recordOf(api: APIRequestContext, nomeUsuario: string): Promise<ProfileRecord> {
  const response = await api.get(`/api/client/common/perfil/${nomeUsuario}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { registo?: ProfileRecord };
  expect(body.registo, `the profile of @${nomeUsuario} carries its record`).toBeDefined();
  return body.registo as ProfileRecord;
}

async function board(api: APIRequestContext): Promise<BoardUser[]> {
  const response = await api.get('/api/client/public/explorar/comunidade?size=250');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { usuarios: BoardUser[] }).usuarios;
}

interface GroupRow {
  id: string;
  nome: string;
  criador: { nome: string };
  registoCriador?: { liquidadas: number; suficiente: boolean; roi: number | null; taxaAcerto: number | null };
}

async function groups(api: APIRequestContext): Promise<GroupRow[]> {
  const response = await api.get('/api/client/common/grupos?gruposComponent=tudo');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { grupos: GroupRow[] }).grupos;
}

const recordPanel = (page: Page) => page.getByRole('region', { name: /Registo verificado|Verified record/ });

/** A signed ROI as each language writes it ("+12,5 %" with a space before the sign in pt, "+12.5%" in en), or zero. */
const SIGNED_PERCENT = { pt: /^(?:[+-]\d+(?:,\d)?|0)\s%$/, en: /^(?:[+-]\d+(?:\.\d)?|0)%$/ } as const;

/** Any run of white space (the app's no-break space before "%" included) as one plain space. */
const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The all-time figure of a row of the record panel (its first cell). */
async function allTime(page: Page, row: RegExp): Promise<string> {
  return spaced(await recordPanel(page).getByRole('row', { name: row }).getByRole('cell').first().innerText());
}

/** A profile's slip cards: a virtualised list, whose rows are in the page once it is scrolled to. */
async function slipCards(page: Page) {
  await page.locator('.profile-lists').scrollIntoViewIfNeeded();
  return page.locator('.slip-card');
}

test('the record on profiles: the guard below 20, ratios and chart above, offline once seen, on slip cards and the board', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const [newcomer, viewer] = [await newPerson('95'), await newPerson('95')];
  const page = await pageFor(browser, viewer, PHONE);
  for (const events of [await upcomingEvents(page, 2), await upcomingEvents(page, 1, 2)]) await createSlipThroughApi(newcomer, events);

  // A new user with a couple of slips: the guard, with how many of the 20 have settled, and no ratios.
  const few = await recordOf(viewer.api, newcomer.user.nomeUsuario);
  expect(few.suficiente).toBe(false);
  await page.goto(`${PT_ORIGIN}/${newcomer.user.nomeUsuario}`);
  const guarded = recordPanel(page);
  await expect(guarded.getByText(`sem histórico suficiente (${few.total.liquidadas} de 20)`)).toBeVisible();
  await expect(guarded.getByRole('rowheader', { name: 'Fichas liquidadas' })).toBeVisible();
  await expect(guarded.getByRole('rowheader', { name: 'Taxa de acerto' })).toHaveCount(0);
  await expect(guarded.getByRole('rowheader', { name: 'ROI' })).toHaveCount(0);
  await expect(guarded.getByRole('img', { name: /ROI acumulado/ })).toHaveCount(0);
  // The newcomer's own slip cards carry the same guard.
  await expect((await slipCards(page)).first().getByText(`sem histórico suficiente (${few.total.liquidadas} de 20)`)).toBeVisible();
  await checkA11y(page, 'profile below the guard');
  await page.screenshot({ path: `${SHOTS}/record-guard-pt-360.png`, fullPage: true });

  // A private group's paywall shows its creator's record before one pays.
  const vip = (await groups(viewer.api)).find((group) => group.nome === 'Kiala VIP');
  expect(vip?.registoCriador, 'the seed has the private group Kiala VIP, with its creator record').toBeDefined();
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/grupos/${vip?.id ?? ''}`);
  const paywall = page.getByRole('region', { name: 'Subscrever o grupo' });
  await expect(paywall.getByRole('heading', { name: `Registo verificado de ${vip?.criador.nome ?? ''}` })).toBeVisible();
  const creator = vip?.registoCriador;
  await expect(paywall.locator('.creator-record')).toContainText(
    creator?.suficiente ? /Taxa de acerto\s*\d+(,\d)?\s%\s*ROI\s*(?:[+-]\d+(?:,\d)?|0)\s%/ : `sem histórico suficiente (${creator?.liquidadas ?? 0} de 20)`,
  );
  await checkA11y(page, 'group paywall');
  await page.screenshot({ path: `${SHOTS}/record-paywall-pt-360.png`, fullPage: true });
  // And the group's drawer.
  await page.getByRole('button', { name: 'Detalhes do grupo' }).click();
  const drawer = page.getByRole('dialog', { name: 'Detalhes do grupo' });
  await expect(drawer.getByRole('heading', { name: `Registo verificado de ${vip?.criador.nome ?? ''}` })).toBeVisible();
  await checkA11y(page, 'group drawer');
  await drawer.screenshot({ path: `${SHOTS}/record-drawer-pt-360.png` });
  await page.keyboard.press('Escape');

  // The board: users below the guard are listed without a rank, with the guard text.
  await page.goto(`${PT_ORIGIN}/explorar?pageComponent=comunidade`);
  const unranked = page.getByRole('listitem').filter({ hasText: /sem histórico suficiente \(\d+ de 20\)/ });
  await expect(unranked.first()).toBeVisible();
  await expect(unranked.first().getByText(/Posição/)).toHaveCount(0);
  await checkA11y(page, 'comunidade board');
  await page.locator('.community-list').screenshot({ path: `${SHOTS}/record-board-pt-360.png` });

  // Ranked users come first by ROI (1, 2, …), each row with its rank and its signed ROI.
  const ranked = (await board(viewer.api)).filter((user) => typeof user.posicao === 'number');
  expect(ranked.length, 'the demo has users with at least 20 settled slips').toBeGreaterThan(0);
  expect(ranked.map((user) => user.posicao)).toEqual(ranked.map((_, index) => index + 1));
  const tipster = ranked[0] as BoardUser;
  const top = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(`@${tipster.nomeUsuario}`) }) });
  await expect(top.getByText('Posição 1', { exact: false })).toBeAttached();
  await expect(top.getByText(SIGNED_PERCENT.pt)).toBeVisible();

  // A user with 20 or more settled slips: the ratios as the server computed them, in Portuguese, ROI with its sign,
  // and the chart with its text. (A pending slip of theirs may settle meanwhile: what shows is the record as it was
  // either just before or just after the page read it.)
  await waitForServiceWorker(page);
  const before = await recordOf(viewer.api, tipster.nomeUsuario);
  expect(before.suficiente).toBe(true);
  expect(before.total.liquidadas).toBeGreaterThanOrEqual(20);
  await page.goto(`${PT_ORIGIN}/${tipster.nomeUsuario}`);
  const panel = recordPanel(page);
  await expect(panel.getByRole('img', { name: /ROI acumulado ao longo de \d+ fichas liquidadas: começou em .* e está em / })).toBeVisible();
  await expect(panel.getByText(/sem histórico suficiente/)).toHaveCount(0);
  const shown = { rate: await allTime(page, /Taxa de acerto/), roi: await allTime(page, /^ROI/), settled: await allTime(page, /Fichas liquidadas/) };
  const after = await recordOf(viewer.api, tipster.nomeUsuario);
  const expected = [before, after].map((record) => ({
    rate: spaced(formatPercent(record.total.taxaAcerto ?? 0, 'pt')),
    roi: spaced(formatPercent(record.total.roi ?? 0, 'pt', true)),
    settled: String(record.total.liquidadas),
  }));
  expect(expected).toContainEqual(shown);
  expect(shown.roi).toMatch(SIGNED_PERCENT.pt);
  // Their slip cards show the author's win rate and ROI.
  await expect((await slipCards(page)).first()).toContainText(/Taxa de acerto\s*\d+(,\d)?\s%\s*ROI\s*[+-]?\d+(,\d)?\s%/);

  // Offline: the record this phone has seen still reads after a reload.
  await setPhoneOffline(page.context(), true);
  await page.reload();
  await expect(recordPanel(page).getByRole('img', { name: /ROI acumulado/ })).toBeVisible();
  expect(await allTime(page, /^ROI/)).toBe(shown.roi);
  await setPhoneOffline(page.context(), false);
  await page.context().close();

  for (const [locale, origin] of [
    ['pt', PT_ORIGIN],
    ['en', EN_ORIGIN],
  ] as const) {
    const shot = await pageFor(browser, viewer, PHONE, origin);
    for (const [size, viewport] of [
      ['360', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await shot.setViewportSize(viewport);
      await shot.goto(`${origin}/${tipster.nomeUsuario}`);
      await expect(recordPanel(shot).getByRole('img')).toBeVisible();
      // Each language writes the percentages its own way: pt "+12,5 %", en "+12.5%".
      expect(await allTime(shot, /^ROI/)).toMatch(SIGNED_PERCENT[locale]);
      await checkA11y(shot, `record ${locale} ${size}`);
      await shot.screenshot({ path: `${SHOTS}/record-${locale}-${size}.png`, fullPage: true });
      await recordPanel(shot).screenshot({ path: `${SHOTS}/record-panel-${locale}-${size}.png` });
      await (await slipCards(shot)).first().screenshot({ path: `${SHOTS}/record-slip-card-${locale}-${size}.png` });
    }
    await shot.context().close();
  }
});
