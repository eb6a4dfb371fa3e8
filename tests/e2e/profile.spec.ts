import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { checkScreen, checkA11y } from './support/a11y.ts';
import { upcomingEvents } from './support/betting.ts';
import { EN_ORIGIN, PHONE, PT_ORIGIN, waitForServiceWorker } from './support/helpers.ts';
import { createSlipThroughApi, newPerson, pageFor } from './support/people.ts';
import { setPhoneOffline } from './support/offline.ts';

// Profiles and comments: B follows A from A's profile (online and offline, once on the server) and A is told; an
// unknown handle; one's own profile; B comments on A's slip (online and offline) and A is told; a comment on a slip
// hidden meanwhile is refused with a clear reason. Screenshots of the profile and a slip with comments.

const SHOTS = process.env.PROFILE_SHOTS ?? '/tmp/shots-profile';




async function followersOnServer(api: APIRequestContext, nomeUsuario: string): Promise<string[]> {
  const response = await api.get(`/api/client/common/perfil/${nomeUsuario}/seguidores?size=250`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { usuarios: { nomeUsuario: string }[] }).usuarios.map((user) => user.nomeUsuario);
}

async function notificationsOf(api: APIRequestContext): Promise<{ tipo: string; sender: { nomeUsuario: string } | null; recurso: { id: string } | null }[]> {
  const response = await api.get('/api/client/common/notificacoes?size=100');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { notificacoes: { tipo: string; sender: { nomeUsuario: string } | null; recurso: { id: string } | null }[] }).notificacoes;
}

async function commentsOnServer(api: APIRequestContext, fichaId: string): Promise<string[]> {
  const response = await api.get(`/api/client/common/fichas/${fichaId}/comentarios?size=100`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { comentarios: { texto: string }[] }).comentarios.map((comment) => comment.texto);
}

test('B follows A from the profile, online and offline (once on the server), A is told, and unfollow works', async ({ browser }) => {
  test.setTimeout(120_000);
  const [a, b] = [await newPerson('93'), await newPerson('93')];
  const page = await pageFor(browser, b, PHONE);
  await page.goto(`${PT_ORIGIN}/${a.user.nomeUsuario}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(a.user.nome);
  await expect(page.getByText(`@${a.user.nomeUsuario}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Banca')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mensagem' })).toHaveAttribute('href', `/dashboard/comunidade/conversas/${a.user.nomeUsuario}`);
  await expect(page.getByRole('tab', { name: '0 seguidores' })).toBeVisible();

  await page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Deixar de seguir' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '1 seguidor' })).toBeVisible();
  await expect.poll(() => followersOnServer(a.api, a.user.nomeUsuario)).toEqual([b.user.nomeUsuario]);
  const told = (await notificationsOf(a.api)).filter((note) => note.tipo === 'novoSeguidor' && note.sender?.nomeUsuario === b.user.nomeUsuario);
  expect(told).toHaveLength(1);
  // The followers list names B.
  await page.getByRole('tab', { name: '1 seguidor' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: new RegExp(b.user.nomeUsuario) })).toBeVisible();

  await page.getByRole('button', { name: 'Deixar de seguir' }).click();
  await expect(page.getByRole('button', { name: 'Seguir', exact: true })).toBeVisible();
  await expect.poll(() => followersOnServer(a.api, a.user.nomeUsuario)).toEqual([]);

  // Offline: the follow waits on this phone, shown as such, and reaches the server once when the phone is back.
  await waitForServiceWorker(page);
  await setPhoneOffline(page.context(), true);
  await page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(page.getByRole('button', { name: 'A seguir…' })).toBeDisabled();
  await expect(page.getByText('Guardado neste telemóvel')).toBeVisible();
  await expect(page.getByRole('tab', { name: '1 seguidor' })).toBeVisible();
  expect(await followersOnServer(a.api, a.user.nomeUsuario)).toEqual([]);
  // Readable offline once seen: a reload while offline still shows the profile, still waiting.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(a.user.nome);
  await expect(page.getByRole('button', { name: 'A seguir…' })).toBeVisible();
  await expect(page.getByText(/Actualizado às/)).toBeVisible();
  await setPhoneOffline(page.context(), false);
  await expect(page.getByRole('button', { name: 'Deixar de seguir' })).toBeVisible();
  await expect.poll(() => followersOnServer(a.api, a.user.nomeUsuario)).toEqual([b.user.nomeUsuario]);
  // Following again the same day tells A nothing new: one "começou a seguir-te" per follower a day (docs/security.md).
  const toldAgain = (await notificationsOf(a.api)).filter((note) => note.tipo === 'novoSeguidor' && note.sender?.nomeUsuario === b.user.nomeUsuario);
  expect(toldAgain).toHaveLength(1);
  await page.context().close();
});

test('an unknown handle has its own page; my own profile links to settings and has no follow button', async ({ browser }) => {
  const me = await newPerson('93');
  const page = await pageFor(browser, me, PHONE);
  await page.goto(`${PT_ORIGIN}/ninguem_com_este_nome`);
  await expect(page.getByRole('heading', { level: 1, name: 'Este perfil não existe' })).toBeVisible();
  await checkA11y(page, 'unknown profile');

  await page.goto(`${PT_ORIGIN}/${me.user.nomeUsuario}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(me.user.nome);
  await expect(page.getByRole('link', { name: 'Editar perfil' })).toHaveAttribute('href', '/dashboard/conta');
  await expect(page.getByRole('button', { name: 'Seguir', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Mensagem' })).toHaveCount(0);
  await page.context().close();
});

test("B comments on A's slip (online and offline), A is told, and a comment on a slip hidden meanwhile is refused", async ({ browser }) => {
  test.setTimeout(120_000);
  const [a, b] = [await newPerson('93'), await newPerson('93')];
  const page = await pageFor(browser, b, PHONE);
  const events = await upcomingEvents(page, 2);
  const slipId = await createSlipThroughApi(a, events);

  await page.goto(`${PT_ORIGIN}/${a.user.nomeUsuario}/fichas/${slipId}`);
  const section = page.getByRole('region', { name: 'Comentários' });
  await expect(section.getByText('Ainda não há comentários. Seja o primeiro a comentar.')).toBeVisible();
  await section.getByRole('button', { name: 'Comentar' }).click();
  await expect(section.getByRole('alert')).toHaveText('Escreva um comentário com até 500 caracteres');
  await section.getByRole('textbox', { name: 'Comentário' }).fill('   ');
  await section.getByRole('button', { name: 'Comentar' }).click();
  await expect(section.getByRole('alert')).toHaveText('Escreva um comentário com até 500 caracteres');

  await section.getByRole('textbox', { name: 'Comentário' }).fill('Boa ficha, vou copiar!');
  await section.getByRole('button', { name: 'Comentar' }).click();
  const first = section.getByRole('listitem').filter({ hasText: 'Boa ficha, vou copiar!' });
  await expect(first.getByText('Recebido pelo servidor')).toBeVisible();
  await expect(section.getByRole('textbox', { name: 'Comentário' })).toHaveValue('');
  await expect.poll(() => commentsOnServer(a.api, slipId)).toEqual(['Boa ficha, vou copiar!']);
  await expect
    .poll(async () => (await notificationsOf(a.api)).filter((note) => note.tipo === 'comentario' && note.recurso?.id === slipId && note.sender?.nomeUsuario === b.user.nomeUsuario).length)
    .toBe(1);

  // Offline: saved on this phone, then received by the server once the phone is back.
  await waitForServiceWorker(page);
  await setPhoneOffline(page.context(), true);
  await section.getByRole('textbox', { name: 'Comentário' }).fill('Escrito sem rede');
  await section.getByRole('button', { name: 'Comentar' }).click();
  const offline = section.getByRole('listitem').filter({ hasText: 'Escrito sem rede' });
  await expect(offline.getByText('Guardado neste telemóvel')).toBeVisible();
  expect(await commentsOnServer(a.api, slipId)).toEqual(['Boa ficha, vou copiar!']);
  await setPhoneOffline(page.context(), false);
  await expect(offline.getByText('Recebido pelo servidor')).toBeVisible();
  await expect.poll(() => commentsOnServer(a.api, slipId)).toEqual(['Escrito sem rede', 'Boa ficha, vou copiar!']);

  // A sees both on their slip page.
  const owner = await pageFor(browser, a, PHONE);
  await owner.goto(`${PT_ORIGIN}/dashboard/fichas/${slipId}`);
  const ownerSection = owner.getByRole('region', { name: 'Comentários' });
  await expect(ownerSection.getByText('Escrito sem rede')).toBeVisible();
  await expect(ownerSection.getByText('Boa ficha, vou copiar!')).toBeVisible();
  await owner.context().close();

  // Written offline, the slip hidden before it arrives: refused with a clear reason, and discarded. (The slip page
  // keeps showing the slip this phone holds; the public view would say it is gone.)
  await page.goto(`${PT_ORIGIN}/dashboard/fichas/${slipId}`);
  const kept = page.getByRole('region', { name: 'Comentários' });
  await expect(kept.getByText('Escrito sem rede')).toBeVisible();
  await setPhoneOffline(page.context(), true);
  await kept.getByRole('textbox', { name: 'Comentário' }).fill('Chega tarde');
  await kept.getByRole('button', { name: 'Comentar' }).click();
  const late = kept.getByRole('listitem').filter({ hasText: 'Chega tarde' });
  await expect(late.getByText('Guardado neste telemóvel')).toBeVisible();
  const hidden = await a.api.patch(`/api/client/apostador/fichas/${slipId}/ocultar`, { headers: { 'Idempotency-Key': `e2e:${randomUUID()}` } });
  expect(hidden.status()).toBe(200);
  await setPhoneOffline(page.context(), false);
  await expect(late.getByRole('alert')).toContainText('Esta ficha foi ocultada ou apagada: o comentário não pode ser publicado.');
  await late.getByRole('button', { name: 'Descartar' }).click();
  await expect(kept.getByText('Chega tarde')).toHaveCount(0);
  expect(await commentsOnServer(a.api, slipId)).not.toContain('Chega tarde');
  await page.context().close();
});

test('screenshots of profiles and a slip with comments at 360 and 1280 px, pt and en, with no serious axe violation', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const [a, b] = [await newPerson('93'), await newPerson('93')];
  const probe = await pageFor(browser, b, PHONE);
  const slipId = await createSlipThroughApi(a, await upcomingEvents(probe, 3, 2));
  await probe.context().close();
  await b.api.post(`/api/client/common/perfil/${a.user.nomeUsuario}/seguir`, { headers: { 'Idempotency-Key': `e2e:${randomUUID()}` } });
  for (const texto of ['Boa ficha, vou copiar!', 'Essa do meio é arriscada.']) {
    const made = await b.api.post(`/api/client/common/fichas/${slipId}/comentarios`, { data: { texto }, headers: { 'Idempotency-Key': `e2e:${randomUUID()}` } });
    expect(made.status()).toBe(201);
  }

  for (const [lang, origin] of [
    ['pt', PT_ORIGIN],
    ['en', EN_ORIGIN],
  ] as const) {
    // One page per language, checked at both widths by resizing it.
    const page = await pageFor(browser, b, PHONE, origin);
    const shot = { lang, dir: SHOTS, fullPage: true };
    await page.goto(`${origin}/${a.user.nomeUsuario}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(a.user.nome);
    // The slips are a virtualised list: their rows are in the page once it is scrolled to.
    await page.locator('.profile-lists').scrollIntoViewIfNeeded();
    await expect(page.locator('.slip-card').first()).toBeVisible();
    await checkScreen(page, { name: 'profile-other', ...shot });

    await page.goto(`${origin}/${b.user.nomeUsuario}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(b.user.nome);
    await expect(page.locator('.profile-actions a[href="/dashboard/conta"]')).toBeVisible();
    await checkScreen(page, { name: 'profile-own', ...shot });

    await page.goto(`${origin}/${a.user.nomeUsuario}/fichas/${slipId}`);
    await expect(page.locator('.comment')).toHaveCount(2);
    await checkScreen(page, { name: 'slip-comments', ...shot });

    // The official account: verified, and its English alias on the en host.
    await page.goto(`${origin}/fichasoficial`);
    await expect(page.getByRole('img', { name: lang === 'pt' ? 'Verificado' : /Verified|Verificado/ })).toBeVisible();
    await expect(page.locator('.profile-handle')).toBeVisible();
    await expect(page.locator('.profile-handle')).toHaveText(lang === 'pt' ? '@fichasoficial' : '@slipmatesofficial');
    await checkScreen(page, { name: 'profile-official', ...shot });
    await page.context().close();
  }
});
