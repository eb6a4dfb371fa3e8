import { beforeAll, expect, it } from 'vitest';
import { EventListResponseSchema } from '../../../contract/schemas/events.ts';
import { SlipListResponseSchema } from '../../../contract/schemas/slips.ts';
import { DEMO_LICENCE_CODES } from '../../../server/licence/codes.ts';
import { seedBettingDemo } from '../../../server/slips/demo-slips.ts';
import { utcDay } from '../../../server/lib/time.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, anonymous, expectOk } from './helpers/social.ts';

describeOnEachDb('betting demo data: every state a demo shows', (server) => {
  beforeAll(async () => {
    await seedBettingDemo(server().db, { seed: server().config.sportsSeed });
  });

  it('has matches in every state today: not started, live in each half, half-time, finished and abandoned', async () => {
    // The days around today too: just after midnight UTC the demo's earlier matches belong to the day before, and in
    // the last 20 minutes before it the match about to start (now + 20 min) belongs to the next one.
    const days = [-1, 0, 1].map((offset) => utcDay(new Date(Date.now() + offset * 86_400_000)));
    const eventos = [];
    for (const day of days) eventos.push(...EventListResponseSchema.parse((await anonymous(server()).get(`/api/client/public/eventos?data=${day}`)).body).eventos);
    const statuses = new Set(eventos.map((e) => e.status));
    for (const status of ['NS', 'LIVE', 'HT', 'FT', 'ABD']) expect(statuses).toContain(status);
    const live = eventos.filter((e) => e.status === 'LIVE');
    expect(live.some((e) => (e.elapsed ?? 0) <= 45)).toBe(true);
    expect(live.some((e) => (e.elapsed ?? 0) > 45)).toBe(true);
    for (const event of live) expect(event.odds_live).not.toBeNull();
  });

  it('gives the demo user slips in every state and others save and comment theirs', async () => {
    const demo = await actor(server(), 'demo');
    const created = expectOk(await demo.get('/api/client/apostador/fichas?filtro=criadas'), SlipListResponseSchema).fichas;
    expect(new Set(created.map((f) => f.estado))).toEqual(new Set(['pending', 'won', 'failed', 'void']));
    const won = created.find((f) => f.estado === 'won');
    expect(won?.selecoes.every((s) => s.bet_status === 'won')).toBe(true);
    expect(expectOk(await demo.get('/api/client/apostador/fichas?filtro=ocultas'), SlipListResponseSchema).fichas).toHaveLength(1);
    const saved = expectOk(await demo.get('/api/client/apostador/fichas?filtro=guardadas'), SlipListResponseSchema).fichas;
    expect(saved.length).toBeGreaterThanOrEqual(2);
    expect(saved.some((f) => f.totalComentarios >= 3 && f.totalGuardadas >= 2)).toBe(true);

    const official = await actor(server(), 'fichasoficial');
    const showcase = expectOk(await official.get('/api/client/apostador/fichas'), SlipListResponseSchema).fichas;
    expect(showcase[0]?.selecoes.length).toBeGreaterThan(25);
  });

  it('seeds the documented licence codes, unused', async () => {
    const codes = await server().db.selectFrom('codigos_licenca').selectAll().execute();
    expect(codes.map((c) => c.codigo).sort()).toEqual(DEMO_LICENCE_CODES.map((c) => c.codigo).sort());
    for (const code of codes) expect(code.usado_em).toBeNull();
  });
});
