import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { REPORT_MSG } from '../../../contract/schemas/reports.ts';
import {
  decideReport,
  fetchModeratorGroup,
  fetchReport,
  fetchReports,
  fetchSupportConversations,
  fetchSupportMessages,
  saveEventRecord,
  sendReport,
} from '../../../src/sync/resources/moderation.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { actor, idemKey, newUser, type Actor } from '../server/helpers/social.ts';
import { fetchAs } from './helpers/fetch-as.ts';

// The moderation calls of the app (src/sync/resources/moderation.ts) against the real server: a report made with and
// without a reason, the moderator's list, context and decision, a second decision refused with its reason, a normal
// user refused, the support conversations, and the event form's 201.

let server: TestServer;
let moderador: Actor;
let ana: Actor;
let beto: Actor;
const as = (who: Actor) => vi.stubGlobal('fetch', fetchAs(who));

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  vi.stubGlobal('location', new URL('http://localhost:8080/'));
  moderador = await actor(server, 'moderador');
  ana = await newUser(server, 'ana');
  beto = await newUser(server, 'beto');
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

async function betoWritesAna(text: string): Promise<string> {
  const sent = await beto.send('POST', `/api/client/common/conversas/com/${ana.nomeUsuario}/mensagens`, { mensagem: text }, idemKey());
  expect(sent.status).toBe(201);
  return (sent.body.mensagem as { id: string }).id;
}

it('sends a report with its reason once (the same key twice is one report) and says why one without a reason is refused', async () => {
  const id = await betoWritesAna('Fichas garantidas!');
  as(ana);
  const refused = await sendReport({ tipo: 'mensagem', id, motivo: '' }, 'k:1');
  expect(refused).toEqual({ ok: false, message: REPORT_MSG.reasonRequired, status: 400 });
  const first = await sendReport({ tipo: 'mensagem', id, motivo: 'Publicidade' }, 'k:2');
  const again = await sendReport({ tipo: 'mensagem', id, motivo: 'Publicidade' }, 'k:2');
  expect(first.ok && again.ok && first.data.id === again.data.id).toBe(true);
  expect(first.ok && first.data.estado).toBe('pendente');
});

it('lets the moderator list, read around and decide a report; a second decision gets its reason; others are refused', async () => {
  const id = await betoWritesAna('Mensagem ofensiva');
  as(ana);
  const made = await sendReport({ tipo: 'mensagem', id, motivo: 'Ofensiva' }, 'k:3');
  expect(made.ok).toBe(true);
  const reportId = made.ok ? made.data.id : '';

  expect(await fetchReports('pendente')).toMatchObject({ ok: false, status: 403, message: MSG.forbidden });

  as(moderador);
  const list = await fetchReports('pendente');
  expect(list.ok && list.data.some((r) => r.id === reportId)).toBe(true);
  const detail = await fetchReport(reportId);
  expect(detail.ok && detail.data.contexto.some((m) => m.id === id)).toBe(true);
  expect((await decideReport(reportId, { estado: 'emCurso' }, 'd:1')).ok).toBe(true);
  const done = await decideReport(reportId, { estado: 'concluida', accao: 'remover' }, 'd:2');
  expect(done.ok && done.data).toMatchObject({ estado: 'concluida', accao: 'remover' });
  // The same attempt sent again (a lost answer) is the same success, not a 409.
  expect((await decideReport(reportId, { estado: 'concluida', accao: 'remover' }, 'd:2')).ok).toBe(true);
  expect(await decideReport(reportId, { estado: 'cancelada' }, 'd:3')).toEqual({ ok: false, message: REPORT_MSG.alreadyDecided, status: 409 });
  expect((await fetchReports('concluida')).ok).toBe(true);
});

it("reads the moderator's own support conversations, a group through its reports, and saves an event's ids with 201", async () => {
  as(moderador);
  const conversas = await fetchSupportConversations();
  expect(conversas.ok && conversas.data.length).toBeGreaterThan(0);
  const first = conversas.ok ? conversas.data[0] : undefined;
  const messages = await fetchSupportMessages(first?.id ?? '');
  expect(messages.ok && messages.data.length).toBeGreaterThan(0);
  expect(await fetchModeratorGroup('00000000-0000-4000-8000-000000000009')).toMatchObject({ ok: false, status: 404 });

  const eventos = await moderador.get('/api/client/public/eventos');
  const eventId = (eventos.body.eventos as { id: string }[])[0]?.id ?? '';
  const saved = await saveEventRecord(eventId, { sport_radar_eventId: 'sr:match:1', sport_radar_seasonId: 'sr:season:2' }, 'e:1');
  expect(saved).toMatchObject({ ok: true, data: { sport_radar_eventId: 'sr:match:1', sport_radar_seasonId: 'sr:season:2' } });
  as(ana);
  expect(await saveEventRecord(eventId, { sport_radar_eventId: 'x', sport_radar_seasonId: 'y' }, 'e:2')).toMatchObject({ ok: false, status: 403 });
});
