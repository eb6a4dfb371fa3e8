import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { ConversationListResponseSchema, MessageListResponseSchema, MessageResponseSchema } from '../../../contract/schemas/chats.ts';
import { GroupResponseSchema } from '../../../contract/schemas/groups.ts';
import { NotificationListResponseSchema } from '../../../contract/schemas/notifications.ts';
import { UpdatesResponseSchema } from '../../../contract/schemas/profile.ts';
import {
  ModeratorGroupResponseSchema,
  REPORT_MSG,
  ReportDetailResponseSchema,
  ReportListResponseSchema,
  ReportResponseSchema,
} from '../../../contract/schemas/reports.ts';
import { CreateSlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { selectionFor, upcomingEventIds } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, expectError, expectOk, expectReplay, idemKey, newUser, type Actor } from './helpers/social.ts';

const C = '/api/client/common';
const M = '/api/client/moderador';

async function say(from: Actor, to: Actor, text: string): Promise<{ id: string; chatId: string }> {
  const sent = expectOk(await from.send('POST', `${C}/conversas/com/${to.nomeUsuario}/mensagens`, { mensagem: text }, idemKey()), MessageResponseSchema, 201);
  return { id: sent.mensagem.id, chatId: sent.mensagem.chatId };
}

async function counter(who: Actor, name: 'newReportMade' | 'newReportAgainst' | 'newNotification'): Promise<number> {
  return expectOk(await who.get(`${C}/perfil/mostrarMeusUpdates`), UpdatesResponseSchema).updates[name].count;
}

describeOnEachDb('reports and moderation', (server) => {
  it('takes a report of a message, a slip or a user with a reason; refuses no reason, unknown targets and oneself', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const moderador = await actor(server(), 'moderador');
    const message = await say(beto, ana, 'Compra as minhas fichas secretas');
    const before = await counter(moderador, 'newReportMade');

    expectError(await ana.send('POST', `${C}/denuncias`, { tipo: 'mensagem', id: message.id }, idemKey()), 400, REPORT_MSG.reasonRequired);
    expectError(await ana.send('POST', `${C}/denuncias`, { tipo: 'mensagem', id: message.id, motivo: '   ' }, idemKey()), 400, REPORT_MSG.reasonRequired);
    expectError(await ana.send('POST', `${C}/denuncias`, { tipo: 'mensagem', id: '00000000-0000-4000-8000-000000000009', motivo: 'spam' }, idemKey()), 404, MSG.notFound);
    expectError(await ana.send('POST', `${C}/denuncias`, { tipo: 'usuario', id: ana.id, motivo: 'eu' }, idemKey()), 400, REPORT_MSG.selfReport);
    expectError(await ana.send('POST', `${C}/denuncias`, { tipo: 'grupo', id: message.id, motivo: 'x' }, idemKey()), 400, MSG.invalidRequest);
    expectError(await ana.send('POST', `${C}/denuncias`, { tipo: 'usuario', id: "1' or '1'='1", motivo: 'x' }, idemKey()), 404, MSG.notFound);
    // A message of a chat the reporter is not in cannot be reported (a report is what lets a moderator read it).
    const outsider = await newUser(server(), 'fora');
    expectError(await outsider.send('POST', `${C}/denuncias`, { tipo: 'mensagem', id: message.id, motivo: 'curioso' }, idemKey()), 404, MSG.notFound);

    const made = expectOk(await ana.send('POST', `${C}/denuncias`, { tipo: 'mensagem', id: message.id, motivo: ' Spam ' }, idemKey()), ReportResponseSchema, 201);
    expect(made.denuncia).toMatchObject({ tipo: 'mensagem', estado: 'pendente', motivo: 'Spam', conteudo: 'Compra as minhas fichas secretas', accao: null });
    expect(made.denuncia.denunciado?.id).toBe(beto.id);
    expect(made.denuncia.chat).toMatchObject({ tipo: 'conversa', id: message.chatId });
    expect(await counter(moderador, 'newReportMade')).toBe(before + 1);

    // Made again: the same report, nothing counted twice.
    const again = expectOk(await ana.send('POST', `${C}/denuncias`, { tipo: 'mensagem', id: message.id, motivo: 'outra vez' }, idemKey()), ReportResponseSchema, 201);
    expect(again.denuncia.id).toBe(made.denuncia.id);
    expect(await counter(moderador, 'newReportMade')).toBe(before + 1);
    await expectReplay(server(), (key) => ana.send('POST', `${C}/denuncias`, { tipo: 'usuario', id: beto.id, motivo: 'insulta' }, key));

    // A slip.
    const [eventId] = await upcomingEventIds(server(), 1);
    const pick = await selectionFor(server(), eventId ?? '', 'ft_result', 'home');
    const slip = expectOk(await beto.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: [pick], valor: 100 }, idemKey()), CreateSlipResponseSchema, 201).ficha;
    const slipReport = expectOk(await ana.send('POST', `${C}/denuncias`, { tipo: 'ficha', id: slip.id, motivo: 'Ficha falsa' }, idemKey()), ReportResponseSchema, 201);
    expect(slipReport.denuncia.denunciado?.id).toBe(beto.id);
  });

  it('lets only moderators and the privileged account list reports, newest first, by state', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const first = await say(beto, ana, 'primeira');
    const second = await say(beto, ana, 'segunda');
    const one = expectOk(await ana.send('POST', `${C}/denuncias`, { tipo: 'mensagem', id: first.id, motivo: 'a' }, idemKey()), ReportResponseSchema, 201).denuncia;
    const two = expectOk(await ana.send('POST', `${C}/denuncias`, { tipo: 'mensagem', id: second.id, motivo: 'b' }, idemKey()), ReportResponseSchema, 201).denuncia;
    for (const who of [ana, beto, await actor(server(), 'fichasoficial')]) {
      expectError(await who.get(`${M}/denuncias`), 403, MSG.forbidden);
      expectError(await who.get(`${M}/denuncias/${one.id}`), 403, MSG.forbidden);
      expectError(await who.send('PATCH', `${M}/denuncias/${one.id}`, { estado: 'cancelada' }, idemKey()), 403, MSG.forbidden);
    }
    for (const name of ['moderador', 'analista']) {
      const who = await actor(server(), name);
      const list = expectOk(await who.get(`${M}/denuncias?estado=pendente&size=250`), ReportListResponseSchema).denuncias.map((d) => d.id);
      expect(list.indexOf(two.id)).toBeGreaterThanOrEqual(0);
      expect(list.indexOf(two.id)).toBeLessThan(list.indexOf(one.id));
    }
    const moderador = await actor(server(), 'moderador');
    expectError(await moderador.get(`${M}/denuncias?estado=aberta`), 400, MSG.invalidRequest);
    expectOk(await moderador.send('PATCH', `${M}/denuncias/${one.id}`, { estado: 'emCurso' }, idemKey()), ReportResponseSchema);
    const emCurso = expectOk(await moderador.get(`${M}/denuncias?estado=emCurso&size=250`), ReportListResponseSchema).denuncias.map((d) => d.id);
    expect(emCurso).toContain(one.id);
    expect(emCurso).not.toContain(two.id);
  });

  it('removes a reported message, tells the reporter and the author, and refuses a second decision (409)', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const moderador = await actor(server(), 'moderador');
    const message = await say(beto, ana, 'Mensagem ofensiva');
    const report = expectOk(await ana.send('POST', `${C}/denuncias`, { tipo: 'mensagem', id: message.id, motivo: 'Ofensiva' }, idemKey()), ReportResponseSchema, 201).denuncia;
    const [anaBefore, betoBefore] = [await counter(ana, 'newNotification'), await counter(beto, 'newReportAgainst')];

    expectOk(await moderador.send('PATCH', `${M}/denuncias/${report.id}`, { estado: 'emCurso' }, idemKey()), ReportResponseSchema);
    expectError(await moderador.send('PATCH', `${M}/denuncias/${report.id}`, { estado: 'concluida' }, idemKey()), 400, REPORT_MSG.actionRequired);
    const done = expectOk(await moderador.send('PATCH', `${M}/denuncias/${report.id}`, { estado: 'concluida', accao: 'remover' }, idemKey()), ReportResponseSchema);
    expect(done.denuncia).toMatchObject({ estado: 'concluida', accao: 'remover', moderador: { nomeUsuario: 'moderador' } });
    expectError(await moderador.send('PATCH', `${M}/denuncias/${report.id}`, { estado: 'cancelada' }, idemKey()), 409, REPORT_MSG.alreadyDecided);
    expectError(await moderador.send('PATCH', `${M}/denuncias/${report.id}`, { estado: 'emCurso' }, idemKey()), 409, REPORT_MSG.alreadyDecided);

    const seen = expectOk(await ana.get(`${C}/conversas/${message.chatId}/mensagens`), MessageListResponseSchema).mensagens;
    expect(seen.find((m) => m.id === message.id)?.mensagem).toBe(REPORT_MSG.messageRemoved);
    const told = expectOk(await ana.get(`${C}/notificacoes`), NotificationListResponseSchema).notificacoes[0];
    expect(told).toMatchObject({ tipo: 'denunciaAnalisada', mensagem: REPORT_MSG.reviewed });
    expect(await counter(ana, 'newNotification')).toBe(anaBefore + 1);
    expect(await counter(beto, 'newReportAgainst')).toBe(betoBefore + 1);
  });

  it('a dismissed or cancelled report tells the reporter only; a user cannot be "removed"', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const moderador = await actor(server(), 'moderador');
    const report = expectOk(await ana.send('POST', `${C}/denuncias`, { tipo: 'usuario', id: beto.id, motivo: 'Perfil falso' }, idemKey()), ReportResponseSchema, 201).denuncia;
    expectError(await moderador.send('PATCH', `${M}/denuncias/${report.id}`, { estado: 'concluida', accao: 'remover' }, idemKey()), 400, REPORT_MSG.cannotRemoveUser);
    const betoBefore = await counter(beto, 'newReportAgainst');
    expectOk(await moderador.send('PATCH', `${M}/denuncias/${report.id}`, { estado: 'concluida', accao: 'ignorar' }, idemKey()), ReportResponseSchema);
    expect(await counter(beto, 'newReportAgainst')).toBe(betoBefore);
    expect(expectOk(await ana.get(`${C}/notificacoes`), NotificationListResponseSchema).notificacoes[0]?.tipo).toBe('denunciaAnalisada');
  });

  it('suspends a user for a number of days: their mutations get 403 until then, reading stays open', async () => {
    const [ana, beto] = [await newUser(server(), 'ana'), await newUser(server(), 'beto')];
    const moderador = await actor(server(), 'moderador');
    const report = expectOk(await ana.send('POST', `${C}/denuncias`, { tipo: 'usuario', id: beto.id, motivo: 'Burla' }, idemKey()), ReportResponseSchema, 201).denuncia;
    for (const dias of [undefined, 0, 366]) {
      expectError(await moderador.send('PATCH', `${M}/denuncias/${report.id}`, { estado: 'concluida', accao: 'suspender', dias }, idemKey()), 400, REPORT_MSG.suspensionDays);
    }
    const done = expectOk(await moderador.send('PATCH', `${M}/denuncias/${report.id}`, { estado: 'concluida', accao: 'suspender', dias: 3 }, idemKey()), ReportResponseSchema);
    const ate = done.denuncia.suspensoAte ?? '';
    expect(new Date(ate).getTime()).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
    const refused = await beto.send('POST', `${C}/conversas/com/${ana.nomeUsuario}/mensagens`, { mensagem: 'olá' }, idemKey());
    expect(refused.status).toBe(403);
    expect(String(refused.body.message)).toMatch(/^A tua conta está suspensa até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect((await beto.get(`${C}/conversas/com/${ana.nomeUsuario}`)).status).toBe(403);
    expect((await beto.send('POST', `${C}/denuncias`, { tipo: 'usuario', id: ana.id, motivo: 'x' }, idemKey())).status).toBe(403);
    expect((await beto.get(`${C}/perfil/mostrarMeuPerfil`)).status).toBe(200);
    expect((await beto.send('POST', `${C}/notificacoes/marcarLidas`, {}, idemKey())).status).toBe(200);
    // Others are not affected.
    expect((await ana.send('POST', `${C}/conversas/com/${beto.nomeUsuario}/mensagens`, { mensagem: 'olá' }, idemKey())).status).toBe(201);
  });

  it('shows a moderator other people’s messages only around a reported one, and a group only through its reports', async () => {
    const [ana, beto, carla] = [await newUser(server(), 'ana'), await newUser(server(), 'beto'), await newUser(server(), 'carla')];
    const moderador = await actor(server(), 'moderador');
    const texts = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9'];
    const sent: { id: string; chatId: string }[] = [];
    for (const text of texts) sent.push(await say(beto, ana, text));
    const reported = sent[4]!;
    // The moderator's own conversations only: not ana's with beto.
    const mine = expectOk(await moderador.get(`${M}/conversas?size=250`), ConversationListResponseSchema).conversas;
    expect(mine.map((c) => c.id)).not.toContain(reported.chatId);
    expect(mine.every((c) => c.primeiroUsuario.id === moderador.id || c.segundoUsuario.id === moderador.id)).toBe(true);
    expectError(await moderador.get(`${M}/conversas/${reported.chatId}/mensagens`), 403, MSG.forbidden);
    expectError(await moderador.get(`${C}/conversas/${reported.chatId}/mensagens`), 403, MSG.forbidden);

    const report = expectOk(await ana.send('POST', `${C}/denuncias`, { tipo: 'mensagem', id: reported.id, motivo: 'Ameaça' }, idemKey()), ReportResponseSchema, 201).denuncia;
    const detail = expectOk(await moderador.get(`${M}/denuncias/${report.id}`), ReportDetailResponseSchema);
    expect(detail.contexto.map((m) => m.mensagem)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8']);
    // Still nothing more of that conversation.
    expectError(await moderador.get(`${M}/conversas/${reported.chatId}/mensagens`), 403, MSG.forbidden);

    // A group: only its reported messages.
    const grupo = expectOk(await carla.send('POST', `${C}/grupos/criarGrupo`, { nome: 'Grupo denunciado', privado: false, allowedSenders: false }, idemKey()), GroupResponseSchema, 201).grupo;
    await carla.get(`${C}/grupos/${grupo.id}/adicionarUsuario/${beto.id}`, idemKey());
    const groupMessages: string[] = [];
    for (const text of ['g1', 'g2', 'g3']) {
      const answer = expectOk(await beto.send('POST', `${C}/grupos/${grupo.id}/mensagens`, { mensagem: text }, idemKey()), MessageResponseSchema, 201);
      groupMessages.push(answer.mensagem.id);
    }
    const empty = expectOk(await moderador.get(`${M}/grupos/${grupo.id}`), ModeratorGroupResponseSchema);
    expect(empty.mensagens).toEqual([]);
    expect(empty.grupo).toMatchObject({ nome: 'Grupo denunciado', privado: false });
    expectOk(await carla.send('POST', `${C}/denuncias`, { tipo: 'mensagem', id: groupMessages[1], motivo: 'Spam' }, idemKey()), ReportResponseSchema, 201);
    const view = expectOk(await moderador.get(`${M}/grupos/${grupo.id}`), ModeratorGroupResponseSchema);
    expect(view.mensagens.map((m) => m.mensagem)).toEqual(['g2']);
    expect(view.denuncias).toHaveLength(1);
    expectError(await ana.get(`${M}/grupos/${grupo.id}`), 403, MSG.forbidden);
    expectError(await moderador.get(`${M}/grupos/00000000-0000-4000-8000-000000000009`), 404, MSG.notFound);
  });
});
