import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import * as playwright from '@playwright/test';
import { DESKTOP } from './support/a11y.ts';
import { EN_ORIGIN, PHONE, PT_ORIGIN, apiUser } from './support/helpers.ts';
import { newPerson, pageFor, type Person } from './support/people.ts';

// "Denunciar" under a chat message (group and direct): the report dialog opens above the page, not inside the
// message list, whole and usable at the phone's and the desktop's width, in pt and en, and the report reaches the
// moderators.

test.use({ viewport: PHONE });

const COMMON = '/api/client/common';
const MODERATOR = { userData: 'moderador', password: 'moderador123' };
const key = () => ({ 'Idempotency-Key': `e2e:${randomUUID()}` });

const WORDS = {
  pt: { report: 'Denunciar', title: 'Denunciar esta mensagem', reason: 'Motivo da denúncia', send: 'Enviar denúncia' },
  en: { report: 'Report', title: 'Report this message', reason: 'Reason for the report', send: 'Send report' },
} as const;

/** `author` writes six messages into `path`; the id of the first, which then has five bubbles under it. */
async function writeSome(author: Person, path: string, label: string): Promise<string> {
  const ids: string[] = [];
  for (let n = 0; n < 6; n += 1) {
    const sent = await author.api.post(`${COMMON}${path}`, { data: { mensagem: `${label} ${n}`, imagens: [] }, headers: key() });
    expect(sent.status()).toBe(201);
    ids.push(((await sent.json()) as { mensagem: { id: string } }).mensagem.id);
  }
  return ids[0]!;
}

/** Whether the middle and both ends of `box` are `element` or inside it as drawn: nothing is painted over them. */
async function drawnOnTop(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const viewport = page.viewportSize()!;
  if (box.x < 0 || box.y < 0 || box.x + box.width > viewport.width || box.y + box.height > viewport.height) return false;
  return target.evaluate((element, { x, y, width, height }) => {
    const points = [
      [x + 2, y + height / 2],
      [x + width / 2, y + height / 2],
      [x + width - 2, y + height / 2],
    ] as const;
    return points.every(([px, py]) => {
      const hit = document.elementFromPoint(px, py);
      return !!hit && (element === hit || element.contains(hit));
    });
  }, box);
}

/**
 * Opens the report of the message `label 0`, checks the dialog is whole and on top, and sends it; `meanwhile` runs
 * with the reason written, before it is sent.
 */
async function reportFirst(page: Page, label: string, lang: 'pt' | 'en', meanwhile?: () => Promise<void>) {
  const words = WORDS[lang];
  const message = page.locator('.message').filter({ has: page.locator('.message-text', { hasText: new RegExp(`^${label} 0$`) }) });
  await expect(message).toBeVisible();
  await message.scrollIntoViewIfNeeded();
  await message.getByRole('button', { name: words.report, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: words.title });
  await expect(dialog).toBeVisible();
  // Above the page: not inside the message list, its title whole and on top of everything.
  expect(await dialog.evaluate((element) => !!element.closest('.message-scroller'))).toBe(false);
  const title = dialog.getByRole('heading', { name: words.title });
  await expect.poll(() => drawnOnTop(page, title)).toBe(true);
  const reason = dialog.getByRole('textbox', { name: words.reason });
  await reason.fill(`Publicidade enganosa (${label})`);
  if (meanwhile) {
    await meanwhile();
    // The dialog and what was written stay, though the message's row may have left the page.
    await expect(reason).toHaveValue(`Publicidade enganosa (${label})`);
  }
  const send = dialog.getByRole('button', { name: words.send });
  await expect.poll(() => drawnOnTop(page, send)).toBe(true);
  // A real click: Playwright first checks that the button itself would receive it.
  await send.click();
  await expect(dialog).toBeHidden();
}

async function reportedOnServer(messageId: string): Promise<string[]> {
  const moderator = await apiUser(playwright, MODERATOR);
  const listed = await moderator.get('/api/client/moderador/denuncias?size=100');
  expect(listed.status()).toBe(200);
  const { denuncias } = (await listed.json()) as { denuncias: { tipo: string; alvoId: string; motivo: string }[] };
  await moderator.dispose();
  return denuncias.filter((row) => row.tipo === 'mensagem' && row.alvoId === messageId).map((row) => row.motivo);
}

for (const [lang, origin] of [
  ['pt', PT_ORIGIN],
  ['en', EN_ORIGIN],
] as const) {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`a group message and a direct message are reported through a dialog above the page (${lang}, ${viewport.width} px)`, async ({ browser }) => {
      test.setTimeout(120_000);
      const [reporter, author] = [await newPerson('95'), await newPerson('95')];
      const created = await author.api.post(`${COMMON}/grupos/criarGrupo`, { data: { nome: `Denúncias ${randomUUID().slice(0, 6)}` }, headers: key() });
      expect(created.status()).toBe(201);
      const { grupo } = (await created.json()) as { grupo: { id: string } };
      expect((await reporter.api.get(`${COMMON}/grupos/${grupo.id}/entrar`)).status()).toBe(200);
      const inGroup = await writeSome(author, `/grupos/${grupo.id}/mensagens`, 'No grupo');
      const direct = await writeSome(author, `/conversas/com/${reporter.user.nomeUsuario}/mensagens`, 'Em privado');

      const page = await pageFor(browser, reporter, viewport, origin);
      await page.goto(`${origin}/dashboard/comunidade/grupos/${grupo.id}`);
      // Meanwhile the chat goes on: the list follows the newest messages and drops the reported one's row.
      await reportFirst(page, 'No grupo', lang, async () => {
        for (let n = 0; n < 30; n += 1) {
          const sent = await author.api.post(`${COMMON}/grupos/${grupo.id}/mensagens`, { data: { mensagem: `Depois ${n}`, imagens: [] }, headers: key() });
          expect(sent.status()).toBe(201);
        }
        await expect(page.locator('.message-text', { hasText: /^Depois 29$/ })).toBeAttached();
        await expect(page.locator('.message-text', { hasText: /^No grupo 0$/ })).toHaveCount(0);
      });
      await expect.poll(() => reportedOnServer(inGroup)).toEqual(['Publicidade enganosa (No grupo)']);

      await page.goto(`${origin}/dashboard/comunidade/conversas/${author.user.nomeUsuario}`);
      await reportFirst(page, 'Em privado', lang);
      await expect.poll(() => reportedOnServer(direct)).toEqual(['Publicidade enganosa (Em privado)']);

      await page.context().close();
      await Promise.all([reporter.api.dispose(), author.api.dispose()]);
    });
  }
}
