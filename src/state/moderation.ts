import { atom } from 'jotai';
import type { CreateReportRequest, DecideReportRequest, Denuncia, ReportState } from '../../contract/schemas/reports.ts';
import { db } from '../db/instance.ts';
import { REPORT_DECISION } from '../sync/resources/moderation-keys.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';
import { onlineAtom } from './network.ts';
import { myEntriesAtom } from './outbox.ts';
import { runEnqueue } from './enqueue-action.ts';

// Moderation (docs/api/social.md "Moderator calls", "Reports"): the reports a moderator decides, the moderator's
// support conversations, a group seen through its reports, the event record form, and the "Denunciar" call every user
// has. They need the server now, except a decision made offline, which waits in the outbox; each call answers with
// data or a message, never throws.

/** Moderators and the privileged account (SPEC §6); the server checks again on every call. */
export const isModeratorAtom = atom((get) => {
  const user = get(sessionUserAtom);
  return user !== null && (user.role === 'moderador' || user.conta === 'privilegiada');
});

/** The signed-in user's id ('' before the session is known). */
export const selfIdAtom = atom((get) => get(sessionUserAtom)?.id ?? '');

/** A fresh Idempotency-Key: one per attempt a person makes, so a retried request is not done twice. */
export function newActionKey(): string {
  return `mod:${crypto.randomUUID()}`;
}

export async function loadReports(estado: ReportState | null, pageNumber = 1) {
  return (await loadSync()).moderation.fetchReports(estado, pageNumber);
}

export async function loadReport(id: string) {
  return (await loadSync()).moderation.fetchReport(id);
}

async function decideReport(id: string, decision: DecideReportRequest, key: string) {
  return (await loadSync()).moderation.decideReport(id, decision, key);
}

/** How far a report has gone: a decision never takes it back (a server copy older than a decision made here). */
const STAGE: Record<ReportState, number> = { pendente: 0, emCurso: 1, concluida: 2, cancelada: 2 };

const isDecisionState = (value: unknown): value is DecideReportRequest['estado'] =>
  value === 'emCurso' || value === 'concluida' || value === 'cancelada';

/** A decision made on this phone since the app opened: by whom, the report's new state, its outbox entry if queued. */
interface Decision {
  userId: string;
  estado: ReportState;
  mutationId: number | null;
}

const decidedHereAtom = atom<ReadonlyMap<string, Decision>>(new Map());

export interface ReportDecision {
  estado: ReportState;
  /** Saved on this phone, waiting in the outbox. */
  queued: boolean;
}

/**
 * Per report id, the state this moderator's decisions give it: the ones made since the app opened (answered, or
 * queued offline) and the ones still in the outbox (queued before a reload). A refused one gives nothing: the report
 * is as the server says, and the refusal shows with the other refused changes.
 */
export const reportDecisionsAtom = atom((get) => {
  const userId = get(sessionUserAtom)?.id ?? '';
  const entries = get(myEntriesAtom).filter((entry) => entry.kind === REPORT_DECISION);
  const decisions = new Map<string, ReportDecision>();
  for (const [id, decision] of get(decidedHereAtom)) {
    if (decision.userId !== userId) continue;
    const entry = decision.mutationId === null ? undefined : entries.find((candidate) => candidate.mutationId === decision.mutationId);
    if (entry?.state === 'rejected') continue;
    decisions.set(id, { estado: decision.estado, queued: entry !== undefined });
  }
  for (const entry of entries) {
    const id = entry.ref?.id;
    const estado = (entry.body as { estado?: unknown } | null)?.estado;
    if (!id || entry.state === 'rejected' || !isDecisionState(estado)) continue;
    const known = decisions.get(id);
    if (!known || STAGE[estado] >= STAGE[known.estado]) decisions.set(id, { estado, queued: true });
  }
  return decisions;
});

export type ReportView = Denuncia & { queued: boolean };

/** A report as this phone shows it: the server's copy, moved on by a decision made here that it does not show yet. */
export function reportWithDecision(report: Denuncia, decisions: ReadonlyMap<string, ReportDecision>): ReportView {
  const decision = decisions.get(report.id);
  if (!decision || STAGE[decision.estado] < STAGE[report.estado]) return { ...report, queued: false };
  if (STAGE[decision.estado] === STAGE[report.estado] && !decision.queued) return { ...report, queued: false };
  return { ...report, estado: decision.estado, queued: decision.queued };
}

/**
 * Whether a report in this state belongs to a filter's list: a decided report leaves Pendentes at once; one being
 * analysed (Em curso) stays there, with its decision controls, until it is decided.
 */
export function inReportFilter(estado: ReportState, filter: ReportState): boolean {
  return estado === filter || (filter === 'pendente' && estado === 'emCurso');
}

export type DecisionOutcome = { ok: true; report: ReportView } | { ok: false; message: string };

/**
 * A moderator's decision: online it is sent now (its answer is the report as decided); offline it is saved on this
 * phone and sent through the outbox when the phone is back, and the report moves on at once.
 */
export const decideReportAtom = atom(
  null,
  async (get, set, input: { report: Denuncia; decision: DecideReportRequest; key: string }): Promise<DecisionOutcome> => {
    const user = get(sessionUserAtom);
    const remember = (decision: Omit<Decision, 'userId'>) =>
      set(decidedHereAtom, (current) => new Map(current).set(input.report.id, { ...decision, userId: user?.id ?? '' }));
    if (!get(onlineAtom)) {
      const queued = await runEnqueue(user, (sync, userId) =>
        sync.moderation.queueReportDecision(db, { userId, id: input.report.id, decision: input.decision }),
      );
      if (!queued.ok) return queued;
      remember({ estado: input.decision.estado, mutationId: queued.mutationId });
      return { ok: true, report: { ...input.report, estado: input.decision.estado, queued: true } };
    }
    const result = await decideReport(input.report.id, input.decision, input.key);
    if (!result.ok) return { ok: false, message: result.message };
    remember({ estado: result.data.estado, mutationId: null });
    return { ok: true, report: { ...result.data, queued: false } };
  },
);

export async function sendReport(input: CreateReportRequest, key: string) {
  return (await loadSync()).moderation.sendReport(input, key);
}

export async function loadModeratorGroup(grupoId: string) {
  return (await loadSync()).moderation.fetchModeratorGroup(grupoId);
}

export async function loadSupportConversations() {
  return (await loadSync()).moderation.fetchSupportConversations();
}

export async function loadSupportMessages(conversaId: string) {
  return (await loadSync()).moderation.fetchSupportMessages(conversaId);
}

export async function loadEventRecord(eventId: string) {
  return (await loadSync()).moderation.fetchEventRecord(eventId);
}

export async function saveEventRecord(eventId: string, ids: { sport_radar_eventId: string; sport_radar_seasonId: string }, key: string) {
  return (await loadSync()).moderation.saveEventRecord(eventId, ids, key);
}

/** Clears the moderator's newReportMade counter once the reports list has been seen (through the outbox). */
export async function markReportsSeen(userId: string) {
  await (await loadSync()).resetCounter(db, userId, 'newReportMade');
}
