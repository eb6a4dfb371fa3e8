import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { GroupResponseSchema } from '../../contract/schemas/groups.ts';
import { MyProfileResponseSchema } from '../../contract/schemas/profile.ts';
import { checkScreen } from './support/a11y.ts';
import { PT_ORIGIN } from './support/helpers.ts';
import { newPerson, pageFor } from './support/people.ts';

// Group invitations (docs/decisions.md "Group invitations and merged notifications"): in Definições a user chooses who
// may add them to groups (saved on the phone, then on the server); a stranger's add becomes an invitation, which the
// user accepts from Notificações and so joins the group.

const G = '/api/client/common/grupos';
const key = () => ({ 'Idempotency-Key': `e2e:${randomUUID()}` });

test('a user chooses "Ninguém" in Definições, is invited instead of added, and accepts from Notificações', async ({ browser }) => {
  test.setTimeout(120_000);
  const [creator, invitee] = [await newPerson('91'), await newPerson('91')];
  const page = await pageFor(browser, invitee);

  await page.goto(`${PT_ORIGIN}/dashboard/conta`);
  const choice = page.getByRole('group', { name: 'Quem me pode adicionar a grupos' });
  await expect(choice.getByRole('radio', { name: 'Pessoas que sigo' })).toBeChecked();
  await choice.getByRole('radio', { name: 'Ninguém' }).click();
  await expect(choice.getByRole('radio', { name: 'Ninguém' })).toBeChecked();
  await expect(page.getByText('Ninguém te pode adicionar; recebes um convite que podes aceitar ou ignorar.')).toBeVisible();
  await expect
    .poll(async () => MyProfileResponseSchema.parse(await (await invitee.api.get('/api/client/common/perfil/mostrarMeuPerfil')).json()).usuario.adicionarGrupos)
    .toBe('ninguem');
  await checkScreen(page, { name: 'definicoes-privacidade', lang: 'pt' });

  // Even someone the invitee follows cannot add them now: an invitation comes instead.
  expect((await invitee.api.post(`/api/client/common/perfil/${creator.user.nomeUsuario}/seguir`, { headers: key() })).status()).toBe(200);
  const created = await creator.api.post(`${G}/criarGrupo`, { data: { nome: 'Dicas do Petro', privado: false, allowedSenders: false }, headers: key() });
  expect(created.status()).toBe(201);
  const group = GroupResponseSchema.parse(await created.json()).grupo;
  const added = await creator.api.get(`${G}/${group.id}/adicionarUsuario/${(await idOf(invitee.api))}`, { headers: key() });
  expect(added.status()).toBe(200);
  const answer = GroupResponseSchema.parse(await added.json());
  expect(answer.convite).toBe(true);
  expect(answer.grupo.usuarios.some((member) => member.usuario.nomeUsuario === invitee.user.nomeUsuario)).toBe(false);

  await page.goto(`${PT_ORIGIN}/dashboard/notifications`);
  const notice = page.getByRole('listitem').filter({ hasText: `${creator.user.nome} convidou-te para o grupo Dicas do Petro` });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Ignorar' })).toBeVisible();
  await checkScreen(page, { name: 'notificacoes-convite', lang: 'pt' });
  await notice.getByRole('button', { name: 'Aceitar' }).click();
  await expect(notice.getByText('Convite aceite')).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Aceitar' })).toHaveCount(0);
  await expect
    .poll(async () => {
      const detail = GroupResponseSchema.parse(await (await creator.api.get(`${G}/${group.id}`)).json()).grupo;
      return detail.usuarios.some((member) => member.usuario.nomeUsuario === invitee.user.nomeUsuario);
    })
    .toBe(true);
  // The group is the invitee's now: the notice opens it.
  await notice.getByRole('link', { name: 'Abrir grupo' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/comunidade/grupos/${group.id}$`));
  await page.context().close();
});

async function idOf(api: APIRequestContext): Promise<string> {
  return MyProfileResponseSchema.parse(await (await api.get('/api/client/common/perfil/mostrarMeuPerfil')).json()).usuario.id;
}
