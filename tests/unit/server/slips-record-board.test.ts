import { beforeAll, expect, it } from 'vitest';
import { CommunityResponseSchema } from '../../../contract/schemas/explore.ts';
import { UserProfileResponseSchema } from '../../../contract/schemas/profile.ts';
import { GroupListResponseSchema } from '../../../contract/schemas/groups.ts';
import { SlipListResponseSchema } from '../../../contract/schemas/slips.ts';
import { slipOutcome } from '../../../contract/slip-math.ts';
import { loadRecordSummaries } from '../../../server/slips/record.ts';
import { seedBettingDemo } from '../../../server/slips/demo-slips.ts';
import { settleChoice } from '../../../server/sports/settle-choice.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, anonymous, expectOk } from './helpers/social.ts';

// The community board ranks by the record's ROI among users with at least 20 settled slips, then lists the
// others unranked; the demo data gives it a real ranking, settled from its matches' results as the feed would.

const COMMUNITY = '/api/client/public/explorar/comunidade';

describeOnEachDb('the community board ranks the verified record (demo data)', (server) => {
  beforeAll(async () => {
    await seedBettingDemo(server().db, { seed: server().config.sportsSeed });
  });

  it('ranks users with 20+ settled slips by ROI (posicao 1..n), then the rest unranked, by settled slips', async () => {
    const usuarios = expectOk(await anonymous(server()).get(`${COMMUNITY}?size=250`), CommunityResponseSchema).usuarios;
    const ranked = usuarios.filter((u) => u.posicao !== null);
    expect(ranked.map((u) => u.nomeUsuario)).toEqual(expect.arrayContaining(['kiala_tips', 'analista', 'nzinga']));
    expect(ranked.map((u) => u.posicao)).toEqual(ranked.map((_, i) => i + 1));
    expect(usuarios.slice(0, ranked.length)).toEqual(ranked);
    for (const [i, user] of ranked.entries()) {
      expect(user.registo?.suficiente).toBe(true);
      expect(user.registo?.liquidadas).toBeGreaterThanOrEqual(20);
      if (i > 0) expect(user.registo?.roi ?? 0).toBeLessThanOrEqual(ranked[i - 1]?.registo?.roi ?? 0);
    }
    const by = (name: string) => usuarios.find((u) => u.nomeUsuario === name);
    // kiala_tips won 19 of 26, nzinga 6 of 21.
    expect(by('kiala_tips')?.registo).toMatchObject({ liquidadas: 26, taxaAcerto: 0.7308, suficiente: true });
    expect(by('kiala_tips')?.registo?.roi ?? 0).toBeGreaterThan(0);
    expect(by('nzinga')?.registo).toMatchObject({ liquidadas: 21, taxaAcerto: 0.2857, suficiente: true });
    expect(by('nzinga')?.registo?.roi ?? 0).toBeLessThan(0);

    const unranked = usuarios.slice(ranked.length);
    expect(unranked.every((u) => u.posicao === null && u.registo?.suficiente === false)).toBe(true);
    expect(unranked[0]?.nomeUsuario).toBe('joana_silva');
    expect(by('joana_silva')?.registo?.liquidadas).toBe(8);
    expect(by('demo')?.posicao).toBeNull();
    const settled = unranked.map((u) => u.registo?.liquidadas ?? 0);
    expect(settled).toEqual([...settled].sort((a, b) => b - a));
  });

  it('settles every demo slip consistently with its legs, and every leg with its match as the feed would', async () => {
    const { db } = server();
    const legs = await db
      .selectFrom('ficha_selecoes')
      .innerJoin('eventos', 'eventos.id', 'ficha_selecoes.evento_id')
      .innerJoin('evento_modelos', 'evento_modelos.evento_id', 'eventos.id')
      .select([
        'ficha_selecoes.ficha_id',
        'ficha_selecoes.tipo',
        'ficha_selecoes.escolha',
        'ficha_selecoes.bet_status',
        'ficha_selecoes.inicio',
        'eventos.date',
        'eventos.status',
        'eventos.home_goals',
        'eventos.away_goals',
        'evento_modelos.h1_home_goals',
        'evento_modelos.h1_away_goals',
        'evento_modelos.home_corners',
        'evento_modelos.away_corners',
        'evento_modelos.h1_home_corners',
        'evento_modelos.h1_away_corners',
      ])
      .execute();
    for (const leg of legs) {
      expect(leg.inicio).toBe(leg.date);
      if (leg.status === 'ABD') expect(leg.bet_status).toBe('void');
      if (leg.status !== 'FT') continue;
      const stats = {
        goals: { home: leg.home_goals ?? 0, away: leg.away_goals ?? 0 },
        h1Goals: { home: leg.h1_home_goals, away: leg.h1_away_goals },
        corners: { home: leg.home_corners, away: leg.away_corners },
        h1Corners: { home: leg.h1_home_corners, away: leg.h1_away_corners },
      };
      expect(leg.bet_status).toBe(settleChoice(leg.tipo, leg.escolha, stats) ?? 'void');
    }
    const slips = await db.selectFrom('fichas').select(['id', 'estado', 'publicada_em', 'settled_at']).execute();
    for (const slip of slips) {
      const own = legs.filter((l) => l.ficha_id === slip.id);
      expect(slip.estado).toBe(slipOutcome(own.map((l) => l.bet_status)));
      expect(slip.settled_at === null).toBe(slip.estado === 'pending');
      // Published before the first of its matches kicked off.
      const first = Math.min(...own.map((l) => Date.parse(l.date)));
      expect(Date.parse(slip.publicada_em ?? '')).toBeLessThan(first);
    }
  });

  it("shows the record on the profile, every slip card and a private group's paywall", async () => {
    const demo = await actor(server(), 'demo');
    const profile = expectOk(await demo.get('/api/client/common/perfil/kiala_tips'), UserProfileResponseSchema);
    expect(profile.registo?.suficiente).toBe(true);
    expect(profile.registo?.total.liquidadas).toBe(26);
    expect(profile.registo?.curva).toHaveLength(26);
    expect(profile.registo?.curva.at(-1)?.roi).toBe(profile.registo?.total.roi);

    const kiala = (await db().selectFrom('usuarios').select('id').where('nome_usuario', '=', 'kiala_tips').executeTakeFirstOrThrow()).id;
    const summary = (await loadRecordSummaries(db(), [kiala], new Date())).get(kiala);
    expect(summary).toEqual({
      liquidadas: 26,
      taxaAcerto: profile.registo?.total.taxaAcerto,
      roi: profile.registo?.total.roi,
      suficiente: true,
    });

    const { fichas } = expectOk(await demo.get('/api/client/common/perfil/kiala_tips/fichas?size=50'), SlipListResponseSchema);
    expect(fichas.length).toBeGreaterThan(20);
    for (const ficha of fichas) expect(ficha.registoAutor).toEqual(summary);

    const { grupos } = expectOk(await demo.get('/api/client/common/grupos?size=250'), GroupListResponseSchema);
    const paid = grupos.filter((g) => g.privado);
    expect(paid.length).toBeGreaterThan(0);
    for (const group of paid) expect(group.registoCriador).toMatchObject({ suficiente: expect.any(Boolean) });
    for (const group of grupos.filter((g) => !g.privado)) expect(group.registoCriador).toBeUndefined();
  });

  const db = () => server().db;
});
