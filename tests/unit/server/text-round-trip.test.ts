import { expect, it } from 'vitest';
import { SignUpResponseSchema } from '../../../contract/schemas/auth.ts';
import { MessageListResponseSchema, MessageResponseSchema } from '../../../contract/schemas/chats.ts';
import { GroupResponseSchema } from '../../../contract/schemas/groups.ts';
import { AccountUpdateResponseSchema } from '../../../contract/schemas/settings.ts';
import { CommentListResponseSchema, CommentResponseSchema, CreateSlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { selectionFor, upcomingEventIds } from './helpers/betting.ts';
import { browser, json } from './helpers/http.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { expectOk, newUser } from './helpers/social.ts';
import { G } from './helpers/social-groups.ts';

// Every kind of user text goes in through the API and comes back the same on SQLite and on
// PostgreSQL (which refuses NUL in text outright): accents in either Unicode form, emoji, Angolan names, and the
// hostile characters — control characters, NUL, lone surrogates, bidi overrides — cleaned the same way on both.

const NUL = '\u0000';
const RLO = '\u202E';
const PDF = '\u202C';
const LRI = '\u2066';
const PDI = '\u2069';
const LONE = '\uD83D';
const BELL = '\u0007';
const DECOMPOSED_JOAO = 'Joa\u0303o'; // "João" with a combining tilde
const EMOJI = '⚽🇦🇴👨‍👩‍👧';

/** Names as typed (hostile bits included) and as they must be stored and shown. */
const NAMES = [
  { sent: `Nzinga Mbande ${EMOJI}`, stored: `Nzinga Mbande ${EMOJI}` },
  { sent: `${DECOMPOSED_JOAO} Ngangula${NUL}`, stored: 'João Ngangula' },
  { sent: `${RLO}Kimpa Vita${PDF}${BELL}`, stored: 'Kimpa Vita' },
  { sent: `Mwene\u200E Kakonda${LONE}`, stored: 'Mwene Kakonda' },
  { sent: `Ngola\nKiluanje\t${LRI}Ñ${PDI}`, stored: 'Ngola Kiluanje Ñ' },
];

/** Free text keeps its lines and tabs; the rest of the hostile characters go. */
const MESSAGE = {
  sent: `Golo do Petro! ${EMOJI}\r\nMuito bem, ${DECOMPOSED_JOAO}${NUL}.\t${RLO}fim${PDF} ${LONE}ok ${BELL}Ndalatando`,
  stored: `Golo do Petro! ${EMOJI}\nMuito bem, João.\tfim ok Ndalatando`,
};

let counter = 0;

describeOnEachDb('user text round-trips alike on every database', (server) => {
  it('names and handles at sign-up', async () => {
    for (const { sent, stored } of NAMES) {
      counter += 1;
      const res = await browser(server().app).request(
        '/api/auth/signup',
        json({
          nome: sent,
          nomeUsuario: `${RLO}Zé${NUL}_Ndala${counter}${LONE}`,
          email: { email: `texto${counter}${Math.random().toString(36).slice(2, 6)}@exemplo.ao` },
          numeroTelemovel: { numero: '923000333' },
          password: 'segredo123',
          passwordConfirmacao: 'segredo123',
        }),
      );
      expect(res.status).toBe(201);
      const { novoUsuario } = SignUpResponseSchema.parse(await res.json());
      expect(novoUsuario.nome).toBe(stored);
      expect(novoUsuario.nomeUsuario).toBe(`ze_ndala${counter}`);
      const row = await server().db.selectFrom('usuarios').select(['nome', 'nome_usuario']).where('id', '=', novoUsuario.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ nome: stored, nome_usuario: `ze_ndala${counter}` });
    }
  });

  it('a changed name and social links', async () => {
    const user = await newUser(server(), 'texto');
    for (const { sent, stored } of NAMES) {
      const res = await user.send('PATCH', '/api/client/common/conta/actualizar', {
        nome: sent,
        socials: { [`insta${RLO}gram`]: `https://instagram.com/${DECOMPOSED_JOAO}${NUL}` },
      });
      const { usuario } = expectOk(res, AccountUpdateResponseSchema);
      expect(usuario.nome).toBe(stored);
      const profile = await user.get('/api/client/common/perfil/mostrarMeuPerfil');
      expect((profile.body.usuario as { nome: string }).nome).toBe(stored);
      expect((profile.body.follows as { socials: unknown }).socials).toEqual({ instagram: 'https://instagram.com/João' });
    }
  });

  it('group names', async () => {
    const creator = await newUser(server(), 'grupo');
    for (const { sent, stored } of NAMES) {
      const created = expectOk(await creator.send('POST', `${G}/criarGrupo`, { nome: `Kuduro ${sent}`, privado: false }), GroupResponseSchema, 201);
      expect(created.grupo.nome).toBe(`Kuduro ${stored}`);
      const read = expectOk(await creator.get(`${G}/${created.grupo.id}`), GroupResponseSchema);
      expect(read.grupo.nome).toBe(`Kuduro ${stored}`);
      const renamed = expectOk(await creator.send('PATCH', `${G}/${created.grupo.id}/actualizarGrupo`, { nome: `Semba ${sent}` }), GroupResponseSchema);
      expect(renamed.grupo.nome).toBe(`Semba ${stored}`);
    }
  });

  it('messages in a conversation and in a group', async () => {
    const [ana, bento] = await Promise.all([newUser(server(), 'ana'), newUser(server(), 'bento')]);
    const first = expectOk(
      await ana.send('POST', `/api/client/common/conversas/com/${bento.nomeUsuario}/mensagens`, { mensagem: MESSAGE.sent }),
      MessageResponseSchema,
      201,
    );
    expect(first.mensagem.mensagem).toBe(MESSAGE.stored);
    const listed = expectOk(await bento.get(`/api/client/common/conversas/${first.mensagem.chatId}/mensagens`), MessageListResponseSchema);
    expect(listed.mensagens.map((m) => m.mensagem)).toEqual([MESSAGE.stored]);

    const group = expectOk(await ana.send('POST', `${G}/criarGrupo`, { nome: 'Grupo das mensagens', privado: false }), GroupResponseSchema, 201);
    expectOk(await ana.send('POST', `${G}/${group.grupo.id}/mensagens`, { mensagem: MESSAGE.sent }), MessageResponseSchema, 201);
    const inGroup = expectOk(await ana.get(`${G}/${group.grupo.id}/mensagens`), MessageListResponseSchema);
    expect(inGroup.mensagens.map((m) => m.mensagem)).toEqual([MESSAGE.stored]);
  });

  it('comments on a slip', async () => {
    const bettor = await newUser(server(), 'ficha');
    const [eventId = ''] = await upcomingEventIds(server(), 1);
    const made = await bettor.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: [await selectionFor(server(), eventId, 'ft_result', 'home')], valor: 100 });
    const slip = expectOk(made, CreateSlipResponseSchema, 201).ficha;
    const commenter = await newUser(server(), 'comenta');
    const posted = expectOk(
      await commenter.send('POST', `/api/client/common/fichas/${slip.id}/comentarios`, { texto: MESSAGE.sent }),
      CommentResponseSchema,
      201,
    );
    expect(posted.comentario.texto).toBe(MESSAGE.stored);
    const listed = expectOk(await commenter.get(`/api/client/common/fichas/${slip.id}/comentarios`), CommentListResponseSchema);
    expect(listed.comentarios.find((c) => c.id === posted.comentario.id)?.texto).toBe(MESSAGE.stored);
  });

  it('refuses a name that is nothing but invisible characters, as too short', async () => {
    const user = await newUser(server(), 'vazio');
    const res = await user.send('PATCH', '/api/client/common/conta/actualizar', { nome: `${RLO}${NUL}\u200B${PDF}${LONE}` });
    expect(res.status).toBe(400);
  });
});
