import { atom } from 'jotai';
import type { CreateReportRequest, DecideReportRequest, ReportState } from '../../contract/schemas/reports.ts';
import { db } from '../db/instance.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';

// Moderation (issue 14): the reports a moderator decides, the moderator's support conversations, a group seen
// through its reports, the event record form, and the "Denunciar" call every user has. All of it needs the server
// now (a moderator decides online); each call answers with data or a message, never throws.

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

export async function decideReport(id: string, decision: DecideReportRequest, key: string) {
  return (await loadSync()).moderation.decideReport(id, decision, key);
}

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
