import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import type { Denuncia, ReportState } from '../../../contract/schemas/reports.ts';
import { inReportFilter, reportWithDecision, type ReportDecision } from '../../../src/state/moderation.ts';
import { queueReportDecision } from '../../../src/sync/resources/moderation.ts';
import { REPORT_DECISION } from '../../../src/sync/resources/moderation-keys.ts';

// Which list a report shows in once a moderator decided it on this phone (state/moderation.ts): the decision moves a
// server copy that predates it on, never back, and a decided report leaves Pendentes while one being analysed stays;
// a decision made offline is an outbox entry for the report's PATCH.

const user = { id: 'u1', nome: 'Ana', nomeUsuario: 'ana', fotografia: null, role: 'usuario' as const };
const report = (estado: ReportState): Denuncia => ({
  id: 'r1',
  tipo: 'mensagem',
  alvoId: 'm1',
  motivo: 'Spam',
  estado,
  accao: null,
  suspensoAte: null,
  denunciante: user,
  denunciado: null,
  conteudo: 'Compra fichas',
  chat: null,
  moderador: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
});
const decided = (estado: ReportState, queued: boolean) => new Map<string, ReportDecision>([['r1', { estado, queued }]]);

describe('a report as this phone shows it', () => {
  it('takes the state of a decision the server copy does not show yet, queued or answered', () => {
    expect(reportWithDecision(report('pendente'), decided('concluida', true))).toMatchObject({ estado: 'concluida', queued: true });
    expect(reportWithDecision(report('pendente'), decided('emCurso', false))).toMatchObject({ estado: 'emCurso', queued: false });
    expect(reportWithDecision(report('emCurso'), decided('cancelada', true))).toMatchObject({ estado: 'cancelada', queued: true });
  });

  it('keeps a server copy that is as far or further on, and one no decision is about', () => {
    expect(reportWithDecision(report('concluida'), decided('emCurso', false))).toMatchObject({ estado: 'concluida', queued: false });
    expect(reportWithDecision(report('concluida'), decided('concluida', false))).toMatchObject({ estado: 'concluida', queued: false });
    expect(reportWithDecision(report('pendente'), new Map())).toMatchObject({ estado: 'pendente', queued: false });
  });

  it('leaves Pendentes once decided; one being analysed stays there and under Em curso', () => {
    expect(inReportFilter('pendente', 'pendente')).toBe(true);
    expect(inReportFilter('emCurso', 'pendente')).toBe(true);
    expect(inReportFilter('emCurso', 'emCurso')).toBe(true);
    expect(inReportFilter('concluida', 'pendente')).toBe(false);
    expect(inReportFilter('cancelada', 'pendente')).toBe(false);
    expect(inReportFilter('concluida', 'concluida')).toBe(true);
    expect(inReportFilter('pendente', 'concluida')).toBe(false);
  });
});

describe('a decision made offline', () => {
  let db: AppDb | null = null;
  afterEach(async () => {
    db?.close();
    if (db) await db.delete();
    db = null;
  });

  it('is an outbox entry for the report, sent later under the outbox key', async () => {
    db = new AppDb(`moderation-decisions-${crypto.randomUUID()}`);
    const mutationId = await queueReportDecision(db, { userId: 'mod1', id: 'r/1', decision: { estado: 'concluida', accao: 'ignorar' } });
    const entry = await db.outbox.get(mutationId);
    expect(entry).toMatchObject({
      userId: 'mod1',
      kind: REPORT_DECISION,
      method: 'PATCH',
      path: '/api/client/moderador/denuncias/r%2F1',
      body: { estado: 'concluida', accao: 'ignorar' },
      ref: { table: 'denuncias', id: 'r/1' },
      state: 'pending',
    });
  });
});
