import type { AppDb } from '../../db/app-db.ts';
import { call, type ApiResult } from '../../api/http.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';
import { REPORT_DECISION } from './moderation-keys.ts';
import { MSG } from '../../../contract/messages.ts';
import { ConversationListResponseSchema, MessageListResponseSchema, type Conversation, type Mensagem } from '../../../contract/schemas/chats.ts';
import {
  ModeratorGroupResponseSchema,
  ReportDetailResponseSchema,
  ReportListResponseSchema,
  ReportResponseSchema,
  type CreateReportRequest,
  type DecideReportRequest,
  type Denuncia,
  type ModeratorGroupResponse,
  type ReportDetailResponse,
  type ReportState,
} from '../../../contract/schemas/reports.ts';
import { EventRecordResponseSchema, type EventRecord } from '../../../contract/schemas/rooms.ts';

// Moderation (docs/api/social.md "Reports", "Moderator calls"): calls that need the server now, and a decision made
// offline, which waits in the outbox. A report is sent at once and its dialog says when it could not be. The reports
// themselves are not kept on the phone.

const MOD = '/api/client/moderador';
const COMMON = '/api/client/common';

export type ModerationResult<T> = { ok: true; data: T; message: string } | { ok: false; message: string; status: number | null };

function outcomeOf<T extends { message: string }, R>(result: ApiResult<T>, pick: (data: T) => R): ModerationResult<R> {
  if (result.kind === 'ok') return { ok: true, data: pick(result.data), message: result.data.message };
  if (result.kind === 'http') return { ok: false, message: result.message, status: result.status };
  if (result.kind === 'network') return { ok: false, message: MSG.network, status: null };
  return { ok: false, message: MSG.generic, status: result.status };
}

const keyed = (key: string) => ({ 'Idempotency-Key': key });

/** Reports of one state (all without), newest first. */
export async function fetchReports(estado: ReportState | null, pageNumber = 1): Promise<ModerationResult<Denuncia[]>> {
  const query = new URLSearchParams({ pageNumber: String(pageNumber), size: '50' });
  if (estado) query.set('estado', estado);
  return outcomeOf(await call(`${MOD}/denuncias?${query.toString()}`, { schema: ReportListResponseSchema }), (d) => d.denuncias);
}

/** A report and, for a message, it with the messages around it. */
export async function fetchReport(id: string): Promise<ModerationResult<Omit<ReportDetailResponse, 'status' | 'message'>>> {
  return outcomeOf(await call(`${MOD}/denuncias/${encodeURIComponent(id)}`, { schema: ReportDetailResponseSchema }), ({ denuncia, contexto }) => ({
    denuncia,
    contexto,
  }));
}

export async function decideReport(id: string, decision: DecideReportRequest, key: string): Promise<ModerationResult<Denuncia>> {
  const result = await call(`${MOD}/denuncias/${encodeURIComponent(id)}`, {
    method: 'patch',
    json: decision,
    schema: ReportResponseSchema,
    headers: keyed(key),
  });
  return outcomeOf(result, (d) => d.denuncia);
}

/**
 * A decision made offline: saved on this phone and sent through the outbox once the phone is back (DESIGN §4), under
 * the outbox's own Idempotency-Key. Nothing in the store changes: the reports list follows the queued entry.
 */
export function queueReportDecision(db: AppDb, input: { userId: string; id: string; decision: DecideReportRequest }): Promise<number> {
  return enqueueMutation(db, {
    userId: input.userId,
    kind: REPORT_DECISION,
    method: 'PATCH',
    path: `${MOD}/denuncias/${encodeURIComponent(input.id)}`,
    body: input.decision,
    ref: { table: 'denuncias', id: input.id },
  });
}

export async function sendReport(input: CreateReportRequest, key: string): Promise<ModerationResult<Denuncia>> {
  const result = await call(`${COMMON}/denuncias`, { method: 'post', json: input, schema: ReportResponseSchema, expect: 201, headers: keyed(key) });
  return outcomeOf(result, (d) => d.denuncia);
}

export async function fetchModeratorGroup(grupoId: string): Promise<ModerationResult<Omit<ModeratorGroupResponse, 'status' | 'message'>>> {
  const result = await call(`${MOD}/grupos/${encodeURIComponent(grupoId)}`, { schema: ModeratorGroupResponseSchema });
  return outcomeOf(result, ({ grupo, denuncias, mensagens }) => ({ grupo, denuncias, mensagens }));
}

/** The moderator's own conversations with users (support). */
export async function fetchSupportConversations(): Promise<ModerationResult<Conversation[]>> {
  return outcomeOf(await call(`${MOD}/conversas?pageNumber=1&size=100`, { schema: ConversationListResponseSchema }), (d) => d.conversas);
}

/** The latest messages of one of the moderator's own conversations, oldest first. */
export async function fetchSupportMessages(conversaId: string): Promise<ModerationResult<Mensagem[]>> {
  const result = await call(`${MOD}/conversas/${encodeURIComponent(conversaId)}/mensagens?size=100`, { schema: MessageListResponseSchema });
  return outcomeOf(result, (d) => [...d.mensagens].reverse());
}

export async function fetchEventRecord(eventId: string): Promise<ModerationResult<EventRecord>> {
  return outcomeOf(await call(`${MOD}/evento/${encodeURIComponent(eventId)}`, { schema: EventRecordResponseSchema }), (d) => d.evento);
}

/** SPEC §7: success needs 201. */
export async function saveEventRecord(
  eventId: string,
  ids: { sport_radar_eventId: string; sport_radar_seasonId: string },
  key: string,
): Promise<ModerationResult<EventRecord>> {
  const result = await call(`${MOD}/evento/${encodeURIComponent(eventId)}`, {
    method: 'patch',
    json: ids,
    schema: EventRecordResponseSchema,
    expect: 201,
    headers: keyed(key),
  });
  return outcomeOf(result, (d) => d.evento);
}
