import { beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import {
  CommunityResponseSchema,
  CompetitionsResponseSchema,
  ExploreSlipsResponseSchema,
  FICHA_CATEGORIAS,
  type CommunityUser,
} from '../../../contract/schemas/explore.ts';
import { CreateSlipResponseSchema, type Ficha } from '../../../contract/schemas/slips.ts';
import type { BetStatus, SlipState } from '../../../server/db/schema.ts';
import { LIST } from '../../../server/db/list-place.ts';
import { BOAS_MIN_CHANCE } from '../../../server/explore/slip-categories.ts';
import { selectionFor, upcomingEventIds } from './helpers/betting.ts';
import { takePlace } from './helpers/list-place.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, anonymous, expectError, expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';

const SLIPS = '/api/client/public/explorar/fichas';
const COMMUNITY = '/api/client/public/explorar/comunidade';
const DAY = 86_400_000;

describeOnEachDb('Explore slips, community and competitions', (server) => {
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;
  let dave: Actor;
  let events: string[];
  /** Slips by name: s1..s7 published, h1 and h2 hidden. */
  const slip: Record<string, string> = {};
  const base = Date.now() - DAY;

  const create = async (who: Actor, legs: readonly [string, string, string][], valor = 100): Promise<string> => {
    const ficha = await Promise.all(legs.map(([eventId, type, choice]) => selectionFor(server(), eventId, type, choice)));
    const res = await who.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha, valor }, idemKey());
    return expectOk(res, CreateSlipResponseSchema, 201).ficha.id;
  };
  /** Settles a slip by hand (the simulator is not running): its state, when, and each leg's status. */
  const settle = async (id: string, estado: SlipState, legs: readonly BetStatus[], settledAt: Date) => {
    await server().db.updateTable('fichas').set({ estado, settled_at: settledAt.toISOString() }).where('id', '=', id).execute();
    for (const [posicao, status] of legs.entries()) {
      await server().db.updateTable('ficha_selecoes').set({ bet_status: status }).where('ficha_id', '=', id).where('posicao', '=', posicao).execute();
    }
  };

  beforeAll(async () => {
    [alice, bob, carol, dave] = [await newUser(server(), 'alice'), await newUser(server(), 'bob'), await newUser(server(), 'carol'), await newUser(server(), 'dave')];
    events = await upcomingEventIds(server(), 4);
    const [e0 = '', e1 = '', e2 = '', e3 = ''] = events;
    const likeliest = async (eventId: string) => {
      const rows = await server().db.selectFrom('mercados').selectAll().where('evento_id', '=', eventId).where('tipo', '=', 'ft_result').orderBy('probabilidade', 'desc').execute();
      return rows[0]?.escolha ?? 'home';
    };
    slip.s1 = await create(alice, [[e0, 'double_chance', '12']]); // pending, likely: boas
    slip.s2 = await create(bob, [[e0, 'ft_result', 'draw'], [e1, 'double_chance', '12']]); // pending, fairly likely
    slip.s3 = await create(alice, [[e0, 'ft_result', await likeliest(e0)], [e1, 'btts', 'yes']], 100); // won, small return
    slip.s4 = await create(bob, [[e0, 'goals', 'over_1.5'], [e1, 'goals', 'over_0.5']], 5000); // won, big return
    slip.s5 = await create(alice, [[e0, 'btts', 'no'], [e1, 'btts', 'no'], [e2, 'btts', 'no']]); // failed by one: quase
    slip.s6 = await create(bob, [[e0, 'btts', 'yes'], [e1, 'btts', 'yes'], [e2, 'btts', 'yes']]); // failed by two
    slip.s7 = await create(alice, [[e0, 'ft_result', 'away'], [e1, 'ft_result', 'away']]); // failed by one, one still open
    slip.h1 = await create(bob, [[e1, 'double_chance', '1X']]); // hidden, pending and likely
    slip.h2 = await create(alice, [[e2, 'goals', 'over_0.5']]); // hidden, won
    slip.old = await create(dave, [[e3, 'goals', 'over_0.5']]); // won 40 days ago
    slip.u1 = await create(carol, [[e0, 'ft_result', 'draw'], [e1, 'ft_result', 'draw'], [e2, 'ft_result', 'draw'], [e3, 'ft_result', 'draw']]); // pending, unlikely
    // Creation times a minute apart, in the order above, so "newest first" is exact.
    for (const [i, name] of ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 'h1', 'h2', 'old', 'u1'].entries()) {
      await server().db.updateTable('fichas').set({ created_at: new Date(base + i * 60_000).toISOString() }).where('id', '=', slip[name] ?? '').execute();
    }
    await settle(slip.s3 ?? '', 'won', ['won', 'won'], new Date(Date.now() - 60_000));
    await settle(slip.s4 ?? '', 'won', ['won', 'won'], new Date(Date.now() - 120_000));
    await settle(slip.s5 ?? '', 'failed', ['won', 'failed', 'won'], new Date(Date.now() - 60_000));
    await settle(slip.s6 ?? '', 'failed', ['failed', 'failed', 'won'], new Date(Date.now() - 60_000));
    await settle(slip.s7 ?? '', 'failed', ['failed', 'pending'], new Date(Date.now() - 60_000));
    await settle(slip.h2 ?? '', 'won', ['won'], new Date(Date.now() - 60_000));
    await settle(slip.old ?? '', 'won', ['won'], new Date(Date.now() - 40 * DAY));
    for (const id of [slip.h1, slip.h2]) await server().db.updateTable('fichas').set({ oculta: 1 }).where('id', '=', id ?? '').execute();
    // Recent activity: s1 saved and commented twice, s4 saved once; an old save of s2 does not count.
    await carol.send('POST', `/api/client/apostador/fichas/${slip.s1}/guardar`, undefined, idemKey());
    for (const texto of ['Boa!', 'Vou copiar']) await carol.send('POST', `/api/client/common/fichas/${slip.s1}/comentarios`, { texto }, idemKey());
    await carol.send('POST', `/api/client/apostador/fichas/${slip.s4}/guardar`, undefined, idemKey());
    const oldSave = await takePlace(server().db, LIST.saved(dave.id), new Date(Date.now() - 30 * DAY));
    await server().db.insertInto('fichas_guardadas').values({ usuario_id: dave.id, ficha_id: slip.s2 ?? '', created_at: oldSave.createdAt, seq: oldSave.seq }).execute();
    // A hidden slip's activity never surfaces it.
    const hiddenSave = await takePlace(server().db, LIST.saved(carol.id));
    await server().db.insertInto('fichas_guardadas').values({ usuario_id: carol.id, ficha_id: slip.h1 ?? '', created_at: hiddenSave.createdAt, seq: hiddenSave.seq }).execute();
    // Followers: bob 2, alice 1.
    const follow = async (who: Actor, whom: Actor) => {
      const { seq, createdAt } = await takePlace(server().db, LIST.follows);
      await server().db.insertInto('seguidores').values({ seguidor_id: who.id, seguido_id: whom.id, created_at: createdAt, seq }).execute();
    };
    await follow(carol, bob);
    await follow(dave, bob);
    await follow(carol, alice);
  });

  const fichas = async (who: Actor, categoria: string | null, extra = ''): Promise<Ficha[]> => {
    const query = categoria === null ? `?size=250${extra}` : `?fichaCategoria=${categoria}&size=250${extra}`;
    return expectOk(await who.get(`${SLIPS}${query}`), ExploreSlipsResponseSchema).fichas;
  };
  const ids = (list: readonly Ficha[]) => list.map((f) => f.id);
  const named = (...names: string[]) => names.map((name) => slip[name]);

  it('novasfichas: pending published slips of everybody, newest first (the default for ordinary users)', async () => {
    const list = await fichas(anonymous(server()), 'novasfichas');
    expect(ids(list)).toEqual(named('u1', 's2', 's1'));
    for (const f of list) expect(f).toMatchObject({ estado: 'pending', publicada: true, guardada: false });
    expect(ids(await fichas(anonymous(server()), null))).toEqual(ids(list));
    expect(ids(await fichas(alice, null))).toEqual(ids(list));
  });

  it('novas: every published slip, newest first, paged', async () => {
    const all = named('u1', 'old', 's7', 's6', 's5', 's4', 's3', 's2', 's1');
    expect(ids(await fichas(anonymous(server()), 'novas'))).toEqual(all);
    const page = async (n: number) => ids(expectOk(await anonymous(server()).get(`${SLIPS}?fichaCategoria=novas&size=3&pageNumber=${n}`), ExploreSlipsResponseSchema).fichas);
    expect([...(await page(1)), ...(await page(2)), ...(await page(3))]).toEqual(all);
    expect(await page(4)).toEqual([]);
    expect(await page(3)).toHaveLength(3);
  });

  it('boas: pending slips still likely to win, likeliest first', async () => {
    const list = await fichas(anonymous(server()), 'boas');
    expect(ids(list)).toEqual(named('s1', 's2'));
    const chance = (f: Ficha) => f.selecoes.filter((s) => s.bet_status === 'pending').reduce((p, s) => p * (s.event_selection.probability / 100), 1);
    for (const f of list) expect(chance(f)).toBeGreaterThanOrEqual(BOAS_MIN_CHANCE);
    const chances = list.map(chance);
    expect(chances).toEqual([...chances].sort((a, b) => b - a));
  });

  it('fire: the slips most saved and commented in the last days', async () => {
    const list = await fichas(carol, 'fire');
    expect(ids(list)).toEqual(named('s1', 's4'));
    // The viewer's own saves show.
    expect(list.map((f) => f.guardada)).toEqual([true, true]);
    expect(list[0]).toMatchObject({ totalGuardadas: 1, totalComentarios: 2 });
    expect((await fichas(anonymous(server()), 'fire')).map((f) => f.guardada)).toEqual([false, false]);
  });

  it('certeiras: won slips, latest first; lucrativas: won slips, biggest return first', async () => {
    expect(ids(await fichas(anonymous(server()), 'certeiras'))).toEqual(named('s3', 's4', 'old'));
    const lucrativas = await fichas(anonymous(server()), 'lucrativas');
    expect(ids(lucrativas)).toEqual(named('s4', 's3', 'old'));
    const returns = lucrativas.map((f) => f.retorno);
    expect(returns).toEqual([...returns].sort((a, b) => b - a));
    for (const f of lucrativas) expect(f.estado).toBe('won');
  });

  it('quase: failed on exactly one selection, every other one settled and one at least won', async () => {
    const list = await fichas(anonymous(server()), 'quase');
    expect(ids(list)).toEqual(named('s5'));
    expect(list[0]?.selecoes.map((s) => s.bet_status)).toEqual(['won', 'failed', 'won']);
  });

  it("tudo: every published slip, only for the official and the privileged account (403 for anybody else)", async () => {
    expectError(await anonymous(server()).get(`${SLIPS}?fichaCategoria=tudo`), 403, MSG.forbidden);
    expectError(await alice.get(`${SLIPS}?fichaCategoria=tudo`), 403, MSG.forbidden);
    const everything = named('u1', 'old', 's7', 's6', 's5', 's4', 's3', 's2', 's1');
    for (const handle of ['fichasoficial', 'analista']) {
      const who = await actor(server(), handle);
      expect(ids(await fichas(who, 'tudo'))).toEqual(everything);
      // Their default category.
      expect(ids(await fichas(who, null))).toEqual(everything);
    }
  });

  it('never shows a hidden slip, in any category, to anybody', async () => {
    const official = await actor(server(), 'fichasoficial');
    for (const categoria of FICHA_CATEGORIAS) {
      for (const who of [official, bob, alice]) {
        if (categoria === 'tudo' && who !== official) continue;
        const seen = ids(await fichas(who, categoria));
        expect(seen).not.toContain(slip.h1);
        expect(seen).not.toContain(slip.h2);
        for (const f of await fichas(who, categoria)) expect(f.publicada).toBe(true);
      }
    }
  });

  it.each(['fichaCategoria=todas', 'fichaCategoria=TUDO', 'pageNumber=0', 'size=251', 'size=x'])('answers 400 to %s', async (query) => {
    expectError(await anonymous(server()).get(`${SLIPS}?${query}`), 400, MSG.invalidRequest);
  });

  it('comunidade: below the 20-slip guard nobody is ranked; listed by settled slips (hidden ones too), then followers, with their public stats', async () => {
    const usuarios = expectOk(await anonymous(server()).get(`${COMMUNITY}?size=250`), CommunityResponseSchema).usuarios;
    const by = (who: Actor) => usuarios.find((u) => u.id === who.id);
    // The record counts alice's hidden win (s3, s5, s7, h2: 4 settled), bob 2, dave 1 (the board ranks the record:
    // slips-record-board.test.ts).
    expect(usuarios.slice(0, 3).map((u) => u.id)).toEqual([alice.id, bob.id, dave.id]);
    expect(by(alice)?.registo).toMatchObject({ liquidadas: 4, taxaAcerto: 0.5, suficiente: false });
    expect(usuarios.every((u) => u.posicao === null)).toBe(true);
    expect(by(bob)?.stats).toEqual({ fichas: 3, ganhas: 1, ganhasMes: 1, seguidores: 2 });
    // alice's hidden win is nobody's business in the public stats.
    expect(by(alice)?.stats).toEqual({ fichas: 4, ganhas: 1, ganhasMes: 1, seguidores: 1 });
    expect(by(dave)?.stats).toEqual({ fichas: 1, ganhas: 1, ganhasMes: 0, seguidores: 0 });
    expect(by(alice)).toMatchObject({ nomeUsuario: alice.nomeUsuario, role: 'usuario', conta: null, banca: { amount: expect.any(Number) } });
    // Ordered by (settled slips, followers), both descending.
    const settled = (u: CommunityUser) => u.registo?.liquidadas ?? 0;
    const before = (a: CommunityUser, b: CommunityUser) =>
      settled(a) > settled(b) || (settled(a) === settled(b) && a.stats.seguidores >= b.stats.seguidores);
    usuarios.slice(1).forEach((user, i) => expect(before(usuarios[i] as CommunityUser, user)).toBe(true));
    expect(usuarios.map((u) => u.nomeUsuario)).not.toContain('moderador');
    expect(usuarios.map((u) => u.nomeUsuario)).toContain('fichasoficial');

    const page1 = expectOk(await anonymous(server()).get(`${COMMUNITY}?size=2`), CommunityResponseSchema).usuarios;
    const page2 = expectOk(await anonymous(server()).get(`${COMMUNITY}?size=2&pageNumber=2`), CommunityResponseSchema).usuarios;
    expect([...page1, ...page2].map((u) => u.id)).toEqual(usuarios.slice(0, 4).map((u) => u.id));
    expectError(await anonymous(server()).get(`${COMMUNITY}?size=251`), 400, MSG.invalidRequest);
  });

  it('competicoes: the competitions of the feed for the competition filter', async () => {
    const { competicoes } = expectOk(await anonymous(server()).get('/api/client/public/competicoes'), CompetitionsResponseSchema);
    expect(competicoes).toContainEqual({ id: 'girabola', nome: 'Girabola', pais: 'Angola' });
    expect(competicoes.map((c) => c.id)).toEqual(expect.arrayContaining(['premier-league', 'la-liga', 'primeira-liga', 'champions-league']));
    const names = competicoes.map((c) => c.nome);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
