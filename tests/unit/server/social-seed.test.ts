import { expect, it } from 'vitest';
import { GroupListResponseSchema, GroupResponseSchema, OFFICIAL_GROUP_IDS } from '../../../contract/schemas/groups.ts';
import { RoomListResponseSchema } from '../../../contract/schemas/rooms.ts';
import { seedRoomMessages } from '../../../server/social/seed/seed-social.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, expectOk } from './helpers/social.ts';
import { G } from './helpers/social-groups.ts';

const DAY = 86_400_000;

describeOnEachDb('social demo data', (server) => {
  it('has open and private groups with plans, and members valid, expiring and expired', async () => {
    const demo = await actor(server(), 'demo');
    const grupos = expectOk(await demo.get(`${G}?size=250`), GroupListResponseSchema).grupos;
    expect(grupos.map((g) => g.id).slice(0, 2).sort()).toEqual([...OFFICIAL_GROUP_IDS].sort());
    expect(grupos.some((g) => g.privado && g.planos.every((p) => p.valor >= 500))).toBe(true);
    expect(grupos.some((g) => !g.privado && !g.oficial)).toBe(true);
    expect(grupos.find((g) => g.nome === 'Apostas Seguras')?.mustPay).toBe(true);
    expect(expectOk(await demo.get(`${G}?gruposComponent=meus`), GroupListResponseSchema).grupos.map((g) => g.nome)).toEqual(['Premier League Angola']);

    const own = grupos.find((g) => g.nome === 'Premier League Angola');
    const detail = expectOk(await demo.get(`${G}/${own?.id}`), GroupResponseSchema).grupo;
    const left = detail.usuarios.map((u) => Date.parse(u.expiraEm ?? '') - Date.now());
    expect(left.some((ms) => ms < 0)).toBe(true);
    expect(left.some((ms) => ms > 0 && ms <= 3 * DAY)).toBe(true);
    expect(left.some((ms) => ms > 3 * DAY)).toBe(true);
  });

  it('gives rooms of upcoming matches a little chatter once fixtures exist', async () => {
    await seedRoomMessages(server().db);
    await seedRoomMessages(server().db);
    const rows = await server().db.selectFrom('mensagens').select('chat_id').where('chat_tipo', '=', 'sala').execute();
    expect(new Set(rows.map((r) => r.chat_id)).size).toBe(3);
    expect(rows).toHaveLength(9);
    const demo = await actor(server(), 'demo');
    const rooms = expectOk(await demo.get('/api/client/common/grupos/salas?size=250'), RoomListResponseSchema).data;
    expect(rooms.filter((r) => r.lastMessage !== null).length).toBeGreaterThan(0);
  });
});
