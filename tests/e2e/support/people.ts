import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import * as playwright from '@playwright/test';
import type { ApiEvent } from './betting.ts';
import { PHONE, PT_ORIGIN, apiUser, signIn, signUpThroughApi, type User } from './helpers.ts';

// People for the multi-user specs (profile, sharing, rewards): a new account with its own signed-in API context, and
// a slip made through the API as the app makes it.

export interface Person {
  user: User;
  api: APIRequestContext;
  login: { userData: string; password: string };
}

type Login = Person['login'];

/** A page of its own (a new browser context) with `who` signed in, at `viewport` on `origin`. */
export async function pageFor(browser: Browser, who: Person | Login, viewport = PHONE, origin = PT_ORIGIN): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, origin, 'login' in who ? who.login : who);
  return page;
}

let phoneCounter = 0;

/**
 * A new account driven through the API (the pt host's by default: Node does not resolve en.localhost, and the
 * account is the same). `phonePrefix` keeps each spec's phone numbers apart from the others'.
 */
export async function newPerson(phonePrefix: string, origin = PT_ORIGIN): Promise<Person> {
  const signup = await playwright.request.newContext();
  phoneCounter += 1;
  const phone = `${phonePrefix}${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter % 10}`;
  const user = await signUpThroughApi(signup, origin, phone);
  await signup.dispose();
  const login = { userData: user.nomeUsuario, password: user.password };
  return { user, api: await apiUser(playwright, login, origin), login };
}

/** A slip of home wins on `events`, created through the API as the app sends it (at the current odds). */
export async function createSlipThroughApi(person: Person, events: ApiEvent[]): Promise<string> {
  const ficha = [];
  for (const event of events) {
    const detail = (await (await person.api.get(`/api/client/public/eventos/${event.id}`)).json()) as {
      evento: { mercados: { type: string; choices: { choice: string; odds: number }[] }[] };
    };
    const home = detail.evento.mercados.find((market) => market.type === 'ft_result')?.choices.find((choice) => choice.choice === 'home');
    expect(home).toBeDefined();
    ficha.push({ event_id: event.id, event_selection: { type: 'ft_result', choice: 'home', odds: home?.odds ?? 0 } });
  }
  const created = await person.api.post('/api/client/apostador/fichas/criarFicha', {
    data: { ficha, valor: 250, oddsChange: true },
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { ficha: { id: string } }).ficha.id;
}
