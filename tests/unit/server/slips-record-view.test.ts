import { beforeAll, expect, it } from 'vitest';
import { CreateSlipResponseSchema, SlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { createMatch, selectionFor, upcomingEventIds } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';

// Every selection of a slip carries its market as it is now (the stale-slip check), and every slip its
// publish time.

const CREATE = '/api/client/apostador/fichas/criarFicha';

describeOnEachDb('a slip leg\'s market now (event_selection_now) and publicadaEm', (server) => {
  let events: string[];
  let user: Actor;
  beforeAll(async () => {
    events = await upcomingEventIds(server(), 3);
    user = await newUser(server(), 'now');
  });

  it('shows each leg open at its price, then the moved price, then closed once the match started or the choice went', async () => {
    const later = await createMatch(server(), { kickoff: new Date(Date.now() + 2 * 3_600_000) });
    const legs = [
      await selectionFor(server(), events[0] ?? '', 'ft_result', 'home'),
      await selectionFor(server(), later, 'btts', 'yes'),
      await selectionFor(server(), events[1] ?? '', 'goals', 'over_1.5'),
    ];
    const created = expectOk(
      await user.send('POST', CREATE, { ficha: legs, valor: 300, oddsChange: false }, idemKey()),
      CreateSlipResponseSchema,
      201,
    ).ficha;
    expect(created.publicadaEm).toBe(created.createdAt);
    expect(created.selecoes.map((s) => s.event_selection_now)).toEqual(
      legs.map((l) => ({ open: true, odds: l.event_selection.odds })),
    );

    // The price of the first leg moves; the second match kicks off; the third choice is no longer offered.
    const moved = (legs[0]?.event_selection.odds ?? 0) + 0.37;
    const db = server().db;
    await db
      .updateTable('mercados')
      .set({ odds: Math.round(moved * 100) })
      .where('evento_id', '=', events[0] ?? '')
      .where('tipo', '=', 'ft_result')
      .where('escolha', '=', 'home')
      .execute();
    await db.updateTable('eventos').set({ status: '1H', elapsed: 12 }).where('id', '=', later).execute();
    await db
      .deleteFrom('mercados')
      .where('evento_id', '=', events[1] ?? '')
      .where('tipo', '=', 'goals')
      .where('escolha', '=', 'over_1.5')
      .execute();

    const { ficha } = expectOk(await user.get(`/api/client/apostador/fichas/${created.id}`), SlipResponseSchema);
    expect(ficha.selecoes.map((s) => s.event_selection.odds)).toEqual(legs.map((l) => l.event_selection.odds));
    expect(ficha.selecoes.map((s) => s.event_selection_now)).toEqual([
      { open: true, odds: Math.round(moved * 100) / 100 },
      { open: false, odds: legs[1]?.event_selection.odds },
      { open: false, odds: null },
    ]);
    expect(ficha.publicadaEm).toBe(created.publicadaEm);
  });
});
