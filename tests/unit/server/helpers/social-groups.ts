import { expect } from 'vitest';
import { GroupResponseSchema, type Group } from '../../../../contract/schemas/groups.ts';
import type { TestServer } from './test-server.ts';
import { expectOk, newUser, type Actor } from './social.ts';

export const G = '/api/client/common/grupos';

export const PRIVATE_PLANS = [
  { extensao: 'semanal', valor: 500 },
  { extensao: 'mensal', valor: 1500 },
  { extensao: 'anual', valor: 15000 },
];

export async function createGroup(creator: Actor, overrides: Record<string, unknown> = {}): Promise<Group> {
  const res = await creator.send('POST', `${G}/criarGrupo`, { nome: 'Grupo de Teste', privado: false, allowedSenders: false, ...overrides });
  return expectOk(res, GroupResponseSchema, 201).grupo;
}

export interface GroupCast {
  group: Group;
  creator: Actor;
  admin: Actor;
  member: Actor;
  outsider: Actor;
}

/** A group with one user of each role (SPEC §6). Private groups give the members a valid paid period. */
export async function groupWithRoles(server: TestServer, overrides: Record<string, unknown> = {}): Promise<GroupCast> {
  const [creator, admin, member, outsider] = await Promise.all([
    newUser(server, 'criador'),
    newUser(server, 'admin'),
    newUser(server, 'membro'),
    newUser(server, 'fora'),
  ]);
  const group = await createGroup(creator, overrides);
  for (const who of [admin, member]) {
    expect((await creator.get(`${G}/${group.id}/adicionarUsuario/${who.id}`)).status).toBe(200);
  }
  expect((await creator.get(`${G}/${group.id}/setAdmin/${admin.id}`)).status).toBe(200);
  if (group.privado) await setExpiry(server, group.id, [admin.id, member.id], Date.now() + 10 * 86_400_000);
  return { group, creator, admin, member, outsider };
}

export async function setExpiry(server: TestServer, groupId: string, userIds: string[], at: number | string | null): Promise<void> {
  const value = typeof at === 'number' ? new Date(at).toISOString() : at;
  await server.db.updateTable('grupo_membros').set({ expira_em: value }).where('grupo_id', '=', groupId).where('usuario_id', 'in', userIds).execute();
}
