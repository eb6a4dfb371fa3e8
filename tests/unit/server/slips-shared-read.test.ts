import { beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { ConversationResponseSchema, MessageResponseSchema } from '../../../contract/schemas/chats.ts';
import { CreateSlipResponseSchema, SlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { selectionFor, upcomingEventIds } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { anonymous, expectError, expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';

const MINE = '/api/client/apostador/fichas';
const READ = '/api/client/common/fichas';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

// GET /api/client/common/fichas/{id} (added, docs/api/betting.md): a slip shared into a chat arrives as
// `recurso {tipo:'ficha', id}` only, so a member of that chat reads it by id, without its author's handle.
describeOnEachDb('a slip read by its id alone (shared slips)', (server) => {
  let owner: Actor;
  let reader: Actor;
  let slipId: string;
  beforeAll(async () => {
    owner = await newUser(server(), 'sharer');
    reader = await newUser(server(), 'reader');
    const [event] = await upcomingEventIds(server(), 1);
    const pick = await selectionFor(server(), event ?? '', 'ft_result', 'home');
    const created = await owner.send('POST', `${MINE}/criarFicha`, { ficha: [pick], valor: 250 }, idemKey());
    slipId = expectOk(created, CreateSlipResponseSchema, 201).ficha.id;
  });

  it('answers the published slip to any signed-in user, with its author, selections and totals', async () => {
    const ficha = expectOk(await reader.get(`${READ}/${slipId}`), SlipResponseSchema).ficha;
    expect(ficha).toMatchObject({
      id: slipId,
      valor: 250,
      publicada: true,
      guardada: false,
      usuario: { id: owner.id, nomeUsuario: owner.nomeUsuario, nome: expect.any(String) },
    });
    expect(ficha.selecoes).toHaveLength(1);
    expect(ficha.selecoes[0]?.event_selection).toMatchObject({ type: 'ft_result', choice: 'home' });
    expect(ficha.retorno).toBeCloseTo(250 * ficha.multiplicador, 2);
    // The same slip as the public view shows it.
    const publicView = expectOk(await anonymous(server()).get(`/api/client/public/fichas/${owner.nomeUsuario}/${slipId}`), SlipResponseSchema);
    expect(ficha).toEqual({ ...publicView.ficha, guardada: ficha.guardada });
  });

  it('the shared message carries the id the read takes', async () => {
    const conversa = expectOk(await owner.get(`/api/client/common/conversas/com/${reader.nomeUsuario}`), ConversationResponseSchema).conversa;
    const shared = await owner.get(`/api/client/common/conversas/${conversa.id}/shareToChat?resourceType=ficha&resourceId=${slipId}`, idemKey());
    const recurso = expectOk(shared, MessageResponseSchema).mensagem.recurso;
    expect(recurso).toEqual({ tipo: 'ficha', id: slipId });
    expect(expectOk(await reader.get(`${READ}/${recurso?.id}`), SlipResponseSchema).ficha.id).toBe(slipId);
  });

  it('hides a hidden slip from everybody but its owner; unknown and malformed ids are 404; no session is 401', async () => {
    await owner.send('PATCH', `${MINE}/${slipId}/ocultar`, undefined, idemKey());
    expectError(await reader.get(`${READ}/${slipId}`), 404, MSG.notFound);
    expect(expectOk(await owner.get(`${READ}/${slipId}`), SlipResponseSchema).ficha).toMatchObject({ id: slipId, publicada: false });
    await owner.send('PATCH', `${MINE}/${slipId}/publicar`, undefined, idemKey());
    expect((await reader.get(`${READ}/${slipId}`)).status).toBe(200);

    expectError(await reader.get(`${READ}/${UNKNOWN}`), 404, MSG.notFound);
    expectError(await reader.get(`${READ}/not-an-id`), 404, MSG.notFound);
    expectError(await anonymous(server()).get(`${READ}/${slipId}`), 401, MSG.unauthenticated);
  });
});
