import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PT_ORIGIN } from './helpers.ts';

// Shared steps of the betting end-to-end tests.

export interface ApiEvent {
  id: string;
  date: string;
  status: string;
  home_name: string;
  away_name: string;
}

export interface ApiSlip {
  id: string;
  selecoes: { event_id: string; event_selection: { type: string; choice: string; odds: number } }[];
}

/** Not-started matches kicking off at least an hour from now (they stay open for the whole test). */
export async function upcomingEvents(page: Page, count: number, skip = 0): Promise<ApiEvent[]> {
  const response = await page.request.get(`${PT_ORIGIN}/api/client/public/eventos`);
  const { eventos } = (await response.json()) as { eventos: ApiEvent[] };
  const open = eventos.filter((event) => event.status === 'NS' && Date.parse(event.date) > Date.now() + 3_600_000);
  expect(open.length).toBeGreaterThanOrEqual(skip + count);
  return open.slice(skip, skip + count);
}

export const ODDS_NAME = /^Casa \d+\.\d\d/;

/** Opens an event page and presses the full-time home win; returns its odds as the button names them. */
export async function pickHomeWin(page: Page, origin: string, event: ApiEvent): Promise<void> {
  await page.goto(`${origin}/explorar/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(event.home_name);
  const market = page.getByRole('region', { name: 'Resultado final' });
  const button = market.getByRole('button', { name: ODDS_NAME });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

export async function mySlips(page: Page): Promise<ApiSlip[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/client/apostador/fichas?filtro=criadas&size=250', { headers: { 'X-Requested-With': 'fichas' } });
    return ((await response.json()) as { fichas: ApiSlip[] }).fichas;
  });
}

/** The same list read from the test's side (apiUser), which works while the phone is offline. */
export async function slipsOnServer(api: APIRequestContext): Promise<ApiSlip[]> {
  const response = await api.get('/api/client/apostador/fichas?filtro=criadas&size=250');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { fichas: ApiSlip[] }).fichas;
}

export const sameEvents = (slip: ApiSlip, events: ApiEvent[]) =>
  slip.selecoes.length === events.length && events.every((event) => slip.selecoes.some((selection) => selection.event_id === event.id));
