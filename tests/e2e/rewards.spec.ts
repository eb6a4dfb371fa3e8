import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { checkScreen, DESKTOP } from './support/a11y.ts';
import { EN_ORIGIN, PHONE, PT_ORIGIN, unreadBadge, waitForServiceWorker } from './support/helpers.ts';
import { createSlipThroughApi, newPerson, type Person, pageFor } from './support/people.ts';
import { setPhoneOffline } from './support/offline.ts';
import { upcomingEvents } from './support/betting.ts';

// Rewards: B sends A a reward from A's profile through the EMIS payment page and A sees it under recebidas
// with a notification; a cancelled payment is refunded; a reward to oneself is refused with its message; the lists
// read offline. Screenshots at 360 and 1280 px in pt and en with axe.

const SHOTS = process.env.REWARDS_SHOTS ?? '/tmp/shots-rewards';
const R = '/api/client/common/recompensas';



interface ApiReward {
  pagamentoId: string;
  ficha: { id: string } | null;
  estado: string;
  valor: number;
  mensagem: string | null;
  remetente: { nomeUsuario: string };
}

async function rewardsOf(api: APIRequestContext, lista: string): Promise<ApiReward[]> {
  const response = await api.get(`${R}/${lista}?size=50`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { recompensas: ApiReward[] }).recompensas;
}

/** Starts a reward through the API (as the dialog does) and pays or cancels it on the payment page's own call. */
async function rewardThroughApi(from: Person, to: Person, valor: number, end: 'confirmar' | 'cancelar' | null, mensagem: string | null = null): Promise<string> {
  const started = await from.api.post(R, {
    data: { destinatario: to.user.nomeUsuario, valor, mensagem },
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(started.status()).toBe(201);
  const id = ((await started.json()) as { respostaEmis: { id: string } }).respostaEmis.id;
  if (end) expect((await from.api.post(`/api/client/public/pagamentos/emis/${id}/${end}`, { headers: { accept: 'application/json' } })).status()).toBe(200);
  return id;
}


test('B rewards A from her profile through the payment page; A is told and sees it under Recebidas', async ({ browser }) => {
  test.setTimeout(180_000);
  const [a, b] = [await newPerson('94'), await newPerson('94')];
  const aPage = await pageFor(browser, a, DESKTOP);
  const bPage = await pageFor(browser, b, PHONE);
  await waitForServiceWorker(bPage);

  await bPage.goto(`${PT_ORIGIN}/${a.user.nomeUsuario}`);
  await expect(bPage.getByRole('heading', { level: 1 })).toContainText(a.user.nome);
  await bPage.getByRole('button', { name: 'Recompensar' }).click();
  const dialog = bPage.getByRole('dialog', { name: `Recompensar @${a.user.nomeUsuario}` });
  await expect(dialog).toBeVisible();

  // Below the minimum: the dialog says so and nothing is started.
  await dialog.getByLabel('Valor (Kz)').fill('50');
  await dialog.getByRole('button', { name: 'Enviar recompensa' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A recompensa mínima é de 100 Kz');
  expect(await rewardsOf(b.api, 'enviadas')).toEqual([]);

  await dialog.getByLabel('Valor (Kz)').fill('1500');
  await dialog.getByLabel('Mensagem (opcional)').fill('Obrigado pela dica!');
  await bPage.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await dialog.getByRole('button', { name: 'Enviar recompensa' }).click();

  const payment = bPage.getByRole('dialog', { name: 'Pagamento' });
  const frame = payment.frameLocator('iframe[title="Página de pagamento EMIS"]');
  await expect(frame.getByText('1.500 Kz', { exact: true })).toBeVisible();
  await expect(frame.getByText(`Recompensa para @${a.user.nomeUsuario}`, { exact: true })).toBeVisible();
  const [pending] = await rewardsOf(b.api, 'enviadas');
  expect(pending).toMatchObject({ estado: 'pendente', valor: 1500, mensagem: 'Obrigado pela dica!' });
  await frame.getByRole('button', { name: 'Pagar' }).click();

  // Confirmed without a reload: the dialog shows the reward concluded.
  await expect(payment).toBeHidden();
  await expect(dialog.getByText('Concluído')).toBeVisible();
  await expect(bPage.getByText('Recompensa enviada').first()).toBeVisible();
  expect(await bPage.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await dialog.getByRole('link', { name: 'Ver recompensas enviadas' }).click();
  const sent = bPage.locator('.reward-item').filter({ hasText: `Para @${a.user.nomeUsuario}` });
  await expect(sent).toContainText('1.500 Kz');
  await expect(sent).toContainText('Concluído');
  await expect(sent).toContainText('Obrigado pela dica!');

  // A is told: the live signal raises her unread count, and the notifications page's entry opens the reward.
  const told = `${b.user.nome} enviou-te uma recompensa de 1.500 Kz`;
  await expect.poll(() => unreadBadge(aPage)).toBeGreaterThan(0);
  await aPage.goto(`${PT_ORIGIN}/dashboard/notifications`);
  await aPage.getByText(told).first().click();
  await expect(aPage).toHaveURL(new RegExp(`/dashboard/recompensas/recebidas/${pending?.pagamentoId}$`));
  await expect(aPage.getByRole('heading', { name: 'Recompensa recebida' })).toBeVisible();
  await expect(aPage.getByText('Concluído')).toBeVisible();
  await expect(aPage.getByText('1.500 Kz')).toBeVisible();
  await expect(aPage.getByText('Obrigado pela dica!')).toBeVisible();

  await aPage.getByRole('link', { name: 'Ver todas as recompensas' }).click();
  await expect(aPage.getByRole('tab', { name: 'Recebidas' })).toHaveAttribute('aria-selected', 'true');
  const received = aPage.locator('.reward-item').filter({ hasText: `De @${b.user.nomeUsuario}` });
  await expect(received).toContainText('Concluído');
  await expect(received).toContainText('1.500 Kz');
  expect((await rewardsOf(a.api, 'recebidas')).map((r) => [r.estado, r.valor])).toEqual([['concluido', 1500]]);
  await aPage.context().close();
  await bPage.context().close();
});

test('B rewards A for one of her published slips from its public page; its author sees no button there', async ({ browser }) => {
  test.setTimeout(180_000);
  const [a, b] = [await newPerson('94'), await newPerson('94')];
  const bPage = await pageFor(browser, b, PHONE);
  const slipId = await createSlipThroughApi(a, await upcomingEvents(bPage, 2, 1));
  await bPage.goto(`${PT_ORIGIN}/${a.user.nomeUsuario}/fichas/${slipId}`);
  await bPage.getByRole('button', { name: 'Recompensar' }).click();
  const dialog = bPage.getByRole('dialog', { name: `Recompensar @${a.user.nomeUsuario}` });
  await dialog.getByLabel('Valor (Kz)').fill('200');
  await dialog.getByRole('button', { name: 'Enviar recompensa' }).click();
  const frame = bPage.getByRole('dialog', { name: 'Pagamento' }).frameLocator('iframe[title="Página de pagamento EMIS"]');
  await frame.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog.getByText('Concluído')).toBeVisible();
  const [reward] = await rewardsOf(a.api, 'recebidas');
  expect(reward).toMatchObject({ estado: 'concluido', valor: 200, ficha: { id: slipId } });

  const aPage = await pageFor(browser, a, PHONE);
  await aPage.goto(`${PT_ORIGIN}/dashboard/recompensas/recebidas/${reward?.pagamentoId}`);
  await aPage.getByRole('link', { name: 'Ver a ficha recompensada' }).click();
  await expect(aPage).toHaveURL(new RegExp(`/${a.user.nomeUsuario}/fichas/${slipId}$`));
  await expect(aPage.locator('.slip-view, .slip-card, section').first()).toBeVisible();
  await expect(aPage.getByRole('button', { name: 'Recompensar' })).toHaveCount(0);
  await aPage.context().close();
  await bPage.context().close();
});

test('a cancelled payment is refunded; a reward to oneself is refused; the lists read offline with their time', async ({ browser }) => {
  test.setTimeout(180_000);
  const [a, b] = [await newPerson('94'), await newPerson('94')];
  const bPage = await pageFor(browser, b, PHONE);
  await waitForServiceWorker(bPage);

  await bPage.goto(`${PT_ORIGIN}/${a.user.nomeUsuario}`);
  await bPage.getByRole('button', { name: 'Recompensar' }).click();
  const dialog = bPage.getByRole('dialog', { name: `Recompensar @${a.user.nomeUsuario}` });
  await dialog.getByLabel('Valor (Kz)').fill('300');
  await dialog.getByRole('button', { name: 'Enviar recompensa' }).click();
  const payment = bPage.getByRole('dialog', { name: 'Pagamento' });
  await expect(payment.frameLocator('iframe[title="Página de pagamento EMIS"]').getByRole('button', { name: 'Cancelar' })).toBeVisible();
  // Left before paying: the reward waits, and its payment can be made or given up from the sent list.
  await payment.getByRole('button', { name: 'Fechar' }).click();
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await bPage.goto(`${PT_ORIGIN}/dashboard/recompensas/enviadas`);
  const waiting = bPage.getByRole('region', { name: 'Pagamentos' }).getByRole('listitem').first();
  await expect(waiting).toContainText('À espera');
  await expect(waiting).toContainText('300 Kz');
  await waiting.getByRole('button', { name: 'Continuar pagamento' }).click();
  await payment.frameLocator('iframe[title="Página de pagamento EMIS"]').getByRole('button', { name: 'Cancelar' }).click();
  await expect(payment).toBeHidden();
  await expect(bPage.getByRole('region', { name: 'Pagamentos' })).toHaveCount(0);
  await expect(bPage.locator('.reward-item').first()).toContainText('Reembolsado');
  await bPage.getByRole('tab', { name: 'Reembolsadas' }).click();
  const refunded = bPage.locator('.reward-item').filter({ hasText: `Para @${a.user.nomeUsuario}` });
  await expect(refunded).toContainText('300 Kz');
  await refunded.getByRole('link').click();
  await expect(bPage.getByRole('heading', { name: 'Recompensa reembolsada' })).toBeVisible();
  await expect(bPage.getByText('Reembolsado')).toBeVisible();
  expect(await rewardsOf(a.api, 'recebidas')).toEqual([]);

  // No button on one's own profile; the server refuses a reward to oneself with its message.
  await bPage.goto(`${PT_ORIGIN}/${b.user.nomeUsuario}`);
  await expect(bPage.getByRole('heading', { level: 1 })).toContainText(b.user.nome);
  await expect(bPage.getByRole('button', { name: 'Recompensar' })).toHaveCount(0);
  const self = await b.api.post(R, { data: { destinatario: b.user.nomeUsuario, valor: 500 }, headers: { 'Idempotency-Key': `e2e:${randomUUID()}` } });
  expect(self.status()).toBe(400);
  expect(((await self.json()) as { message: string }).message).toBe('Não podes recompensar-te a ti mesmo');

  // Offline: the lists read from the store with their time; sending says it needs the network.
  await bPage.goto(`${PT_ORIGIN}/dashboard/recompensas/enviadas`);
  await expect(bPage.locator('.reward-item').first()).toContainText('Reembolsado');
  await setPhoneOffline(bPage.context(), true);
  await bPage.getByRole('tab', { name: 'Reembolsadas' }).click();
  await expect(bPage.locator('.reward-item').first()).toContainText('Reembolsado');
  await bPage.getByRole('tab', { name: 'Enviadas' }).click();
  await expect(bPage.locator('.reward-item').first()).toContainText('Reembolsado');
  await expect(bPage.getByText(/Actualizado às/).first()).toBeVisible();
  // A profile seen before opens offline; sending from it says it needs the network.
  await bPage.goto(`${PT_ORIGIN}/${a.user.nomeUsuario}`);
  await bPage.getByRole('button', { name: 'Recompensar' }).click();
  await expect(bPage.getByText('Enviar uma recompensa precisa de internet', { exact: false })).toBeVisible();
  await expect(bPage.getByRole('button', { name: 'Enviar recompensa' })).toBeDisabled();
  await setPhoneOffline(bPage.context(), false);
  await bPage.context().close();
});

test('screenshots of the reward lists, a reward and the dialog at 360 and 1280 px, pt and en, with no serious axe violation', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const [a, b] = [await newPerson('94'), await newPerson('94')];
  const received = await rewardThroughApi(b, a, 2500, 'confirmar', 'Grande análise do clássico!');
  await rewardThroughApi(a, b, 1000, 'confirmar', 'Obrigado!');
  await rewardThroughApi(a, b, 700, 'cancelar');
  await rewardThroughApi(a, b, 150, null, 'Ainda por pagar');

  for (const [lang, origin] of [
    ['pt', PT_ORIGIN],
    ['en', EN_ORIGIN],
  ] as const) {
    // One page per language, checked at both widths by resizing it.
    const page = await pageFor(browser, a, PHONE, origin);
    const shot = { lang, dir: SHOTS, fullPage: true };
    await page.goto(`${origin}/dashboard/recompensas/enviadas`);
    await expect(page.locator('.reward-item')).toHaveCount(3);
    await checkScreen(page, { name: 'rewards-sent', ...shot });

    await page.goto(`${origin}/dashboard/recompensas/enviadas?lista=recebidas`);
    await expect(page.locator('.reward-item')).toHaveCount(1);
    await checkScreen(page, { name: 'rewards-received', ...shot });

    await page.goto(`${origin}/dashboard/recompensas/recebidas/${received}`);
    await expect(page.locator('.reward-detail')).toContainText('2.500 Kz');
    await checkScreen(page, { name: 'reward-detail', ...shot });

    await page.goto(`${origin}/${b.user.nomeUsuario}`);
    await page.locator('.reward-action button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').locator('input').fill('20');
    await page.getByRole('dialog').locator('button[type=submit]').click();
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await checkScreen(page, { name: 'reward-dialog', ...shot });
    await page.context().close();
  }
});
