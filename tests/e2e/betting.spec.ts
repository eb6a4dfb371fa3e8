import { expect, test } from '@playwright/test';
import { DEMO, EN_ORIGIN, PHONE, PT_ORIGIN, apiUser, signIn, waitForServiceWorker } from './support/helpers.ts';
import { mySlips, ODDS_NAME, pickHomeWin, sameEvents, slipsOnServer, upcomingEvents } from './support/betting.ts';
import { workerEvents, setPhoneOffline } from './support/offline.ts';

// Betting end to end: slips built from event pages, created online and offline (exactly once), a refusal for moved
// odds resolved, Explore filters that survive navigation, and the English host.

test('a slip built from three event pages is created online and opens at its new address', async ({ page }) => {
  await signIn(page);
  const events = await upcomingEvents(page, 3);
  for (const event of events) await pickHomeWin(page, PT_ORIGIN, event);

  const panel = page.getByRole('complementary', { name: /Ficha/ });
  await expect(panel.locator('.panel-count')).toHaveText('3');
  // Pressing a choice again takes it out, pressing once more puts it back.
  const last = page.getByRole('region', { name: 'Resultado final' }).getByRole('button', { name: ODDS_NAME });
  await last.click();
  await expect(panel.locator('.panel-count')).toHaveText('2');
  await last.click();
  await expect(panel.locator('.panel-count')).toHaveText('3');
  for (const event of events) await expect(panel.getByText(`${event.home_name} – ${event.away_name}`)).toBeVisible();

  await panel.getByLabel('Valor da aposta (Kz)').fill('50');
  await expect(panel.getByText('Aposte pelo menos 100 Kz')).toBeVisible();
  await panel.getByLabel('Valor da aposta (Kz)').fill('250');
  await expect(panel.getByText('Aposte pelo menos 100 Kz')).toHaveCount(0);
  await expect(panel.getByTestId('slip-multiplier')).toHaveText(/^\d+\.\d\dx$/);
  // Odds drift every few minutes on the simulated feed: this slip takes the current ones.
  await panel.getByLabel('Aceitar alterações de odds').check();
  await panel.getByRole('button', { name: 'Bater Ficha' }).click();

  await expect(page.getByText('Ficha criada com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/fichas\/(?!local)[\w-]+$/);
  const id = page.url().split('/').pop() ?? '';
  await expect(page.getByText('Enviada')).toBeVisible();
  for (const event of events) await expect(page.getByRole('main').getByText(`${event.home_name} – ${event.away_name}`)).toBeVisible();
  // The builder is empty again: stake 100, multiplier 1, return 100.
  await expect(panel.locator('.panel-count')).toHaveText('0');
  await expect(panel.getByLabel('Valor da aposta (Kz)')).toHaveValue('100');
  await expect(panel.getByTestId('slip-multiplier')).toHaveText('1.00x');
  await expect(panel.getByTestId('slip-return')).toHaveText('100 Kz');

  const stored = (await mySlips(page)).find((slip) => slip.id === id);
  expect(stored && sameEvents(stored, events)).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('a slip built offline is saved on the phone, waits while offline and is created exactly once after reconnecting', async ({
    page,
    context,
    playwright,
  }) => {
    const demo = await apiUser(playwright, DEMO);
    await signIn(page);
    await waitForServiceWorker(page);
    const events = await upcomingEvents(page, 3, 3);
    const matching = async () => (await slipsOnServer(demo)).filter((slip) => sameEvents(slip, events)).length;
    // Seen once online, the event pages open offline from the phone's store.
    for (const event of events) {
      await page.goto(`${PT_ORIGIN}/explorar/${event.id}`);
      await expect(page.getByRole('region', { name: 'Resultado final' })).toBeVisible();
    }
    expect(await matching()).toBe(0);
    const sync = await workerEvents(context, PT_ORIGIN);

    await setPhoneOffline(context, true);
    for (const event of events) await pickHomeWin(page, PT_ORIGIN, event);
    await page.getByRole('button', { name: 'Ficha: 3 selecções' }).click();
    const drawer = page.getByRole('dialog', { name: 'Ficha' });
    await drawer.getByLabel('Aceitar alterações de odds').check();
    await drawer.getByRole('button', { name: 'Bater Ficha' }).click();
    await expect(page.getByText('Ficha guardada neste telemóvel. Será enviada quando houver ligação.')).toBeVisible();
    await expect(drawer.locator('.panel-count')).toHaveText('0');

    await page.goto(`${PT_ORIGIN}/dashboard/fichas`);
    const card = events.reduce(
      (cards, event) => cards.filter({ hasText: `${event.home_name} – ${event.away_name}` }),
      page.getByRole('article'),
    );
    await expect(card.getByText('Guardada neste telemóvel, por enviar')).toBeVisible();
    // Neither the page nor the service worker's Background Sync gets it out while the phone is offline.
    await sync.triedOffline(page);
    expect(await matching()).toBe(0);
    await expect(card.getByText('Guardada neste telemóvel, por enviar')).toBeVisible();

    await setPhoneOffline(context, false);
    await expect(card.getByText('Enviada')).toBeVisible({ timeout: 20_000 });
    expect(await matching()).toBe(1);
    await page.reload();
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Enviada')).toBeVisible();
    expect(await matching()).toBe(1);
    await demo.dispose();
  });
});

test('a refusal for moved odds shows the reason and the current odds, and is accepted and sent', async ({ page }) => {
  await signIn(page);
  const events = await upcomingEvents(page, 2, 6);
  for (const event of events) await pickHomeWin(page, PT_ORIGIN, event);

  // The server moves odds only every few minutes: make the phone's copy stale instead, then reload so the app reads it.
  const stale = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('fichas');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite');
          const store = tx.objectStore('kv');
          const get = store.get('draftSlip');
          get.onsuccess = () => {
            const record = get.result as { key: string; value: { selections: { event_selection: { odds: number } }[] } };
            const first = record.value.selections[0];
            if (!first) return reject(new Error('empty draft'));
            first.event_selection.odds = Math.round((first.event_selection.odds + 0.37) * 100) / 100;
            store.put(record);
            tx.oncomplete = () => resolve(first.event_selection.odds);
          };
        };
      }),
  );
  await page.reload();
  const panel = page.getByRole('complementary', { name: /Ficha/ });
  await expect(panel.locator('.slip-selection-odds').first()).toHaveText(stale.toFixed(2));
  await expect(panel.getByLabel('Aceitar alterações de odds')).not.toBeChecked();
  await panel.getByRole('button', { name: 'Bater Ficha' }).click();

  await expect(page.getByText('Verifique a sua ficha: As odds mudaram, verifique a sua ficha')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/fichas\/local:\d+$/);
  const refusal = page.getByRole('group', { name: 'Ficha recusada' });
  await expect(refusal.getByText('As odds mudaram, verifique a sua ficha')).toBeVisible();
  await expect(refusal.getByText('Odds mudaram', { exact: true })).toHaveCount(1);
  await expect(refusal.getByLabel(`Odds enviadas ${stale.toFixed(2)}`)).toBeVisible();

  await refusal.getByRole('button', { name: 'Aceitar e reenviar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/fichas\/(?!local)[\w-]+$/, { timeout: 20_000 });
  await expect(page.getByText('Enviada')).toBeVisible();
  const id = page.url().split('/').pop() ?? '';
  const created = (await mySlips(page)).find((slip) => slip.id === id);
  expect(created && sameEvents(created, events)).toBe(true);
  expect(created?.selecoes.some((selection) => selection.event_selection.odds === stale)).toBe(false);
});

test('Explore filters come from the URL, survive navigation and reloads, and fall back when invalid', async ({ page }) => {
  await signIn(page);
  await page.goto(`${PT_ORIGIN}/explorar?pageComponent=apostas&searchByComponent=trends&trendsComponent=over25&dateComponent=2025-02-30`);
  await expect(page).toHaveURL(`${PT_ORIGIN}/explorar`);
  await expect(page.getByRole('tab', { name: 'Apostas' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Tendências', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Tendência', { exact: true })).toHaveValue('over25');
  await page.getByRole('button', { name: '3 dias' }).first().click();

  await page.locator('.event-row .event-link').first().click();
  await expect(page).toHaveURL(/\/explorar\/[\w-]+$/);
  await page.getByRole('link', { name: 'Explorar' }).first().click();
  await expect(page.getByRole('tab', { name: 'Apostas' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Tendência', { exact: true })).toHaveValue('over25');
  await expect(page.getByRole('group', { name: 'Período', exact: true }).getByRole('button', { name: '3 dias' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.getByLabel('Tendência', { exact: true })).toHaveValue('over25');

  await page.goto(`${PT_ORIGIN}/explorar?searchByComponent=bogus&fichaCategoria=tudo&pageComponent=fichas`);
  await expect(page).toHaveURL(`${PT_ORIGIN}/explorar`);
  await expect(page.getByRole('tab', { name: 'Fichas' })).toHaveAttribute('aria-selected', 'true');
  // 'tudo' is for the two privileged accounts only: an ordinary user gets the first category.
  await expect(page.getByRole('button', { name: 'Tudo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Novas fichas' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('tab', { name: 'Apostas' }).click();
  await expect(page.getByRole('button', { name: 'Probabilidade' })).toHaveAttribute('aria-pressed', 'true');

  // The tabs are one stop in the Tab order; the arrow keys (and Home/End) move to a tab and select it.
  const tabs = page.getByRole('tablist', { name: 'Explorar' }).getByRole('tab');
  await expect(tabs.and(page.locator('[tabindex="0"]'))).toHaveCount(1);
  await page.getByRole('tab', { name: 'Apostas' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Fichas' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Fichas' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Novas fichas' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Comunidade' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Apostas' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Apostas' })).toBeFocused();
});

test('the privileged account gets the tudo category and the tip count', async ({ page }) => {
  await signIn(page, PT_ORIGIN, { userData: 'analista', password: 'analista123' });
  await expect(page.getByRole('button', { name: 'Tudo' })).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByRole('complementary', { name: /Ficha/ });
  await panel.getByLabel('Quantos palpites gerar').fill('2');
  await panel.getByRole('button', { name: 'Gerar palpite' }).click();
  await expect(page.getByText('2 palpites adicionados à ficha')).toBeVisible();
  await expect(panel.locator('.panel-count')).toHaveText('2');
});

test('the English host shows the betting screens in English', async ({ page }) => {
  await signIn(page, EN_ORIGIN);
  const [event] = await upcomingEvents(page, 1, 8);
  if (!event) throw new Error('no event');
  await page.goto(`${EN_ORIGIN}/explorar/${event.id}`);
  const market = page.getByRole('region', { name: 'Full-time result' });
  await market.getByRole('button', { name: /^Home \d+\.\d\d/ }).click();
  const panel = page.getByRole('complementary', { name: /Slip/ });
  await expect(panel.getByRole('button', { name: 'Place slip' })).toBeVisible();
  await expect(panel.getByText('Full-time result: Home')).toBeVisible();
  await page.goto(`${EN_ORIGIN}/dashboard/fichas`);
  await expect(page.getByRole('heading', { name: 'My slips' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Saved' })).toBeVisible();
});
