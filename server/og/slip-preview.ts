import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RecordSummary } from '../../contract/schemas/record.ts';
import type { BetStatus, Ficha, SlipState } from '../../contract/schemas/slips.ts';
import type { Database } from '../db/schema.ts';
import { isId } from '../social/shared/request.ts';
import { loadFicha } from '../slips/slip-view.ts';

// What a shared slip's link preview shows: only a published slip's content, read as an anonymous visitor reads it.

export interface PreviewLeg {
  home: string;
  away: string;
  type: string;
  choice: string;
  odds: number;
  betStatus: BetStatus;
}

export interface SlipPreview {
  id: string;
  author: string;
  estado: SlipState;
  valor: number;
  multiplicador: number;
  retorno: number;
  settledAt: string | null;
  legs: PreviewLeg[];
  /** The author's record (all time); null when it is not known. */
  record: RecordSummary | null;
}

function toPreview(ficha: Ficha, record: RecordSummary | null): SlipPreview {
  return {
    id: ficha.id,
    author: ficha.usuario.nomeUsuario,
    estado: ficha.estado,
    valor: ficha.valor,
    multiplicador: ficha.multiplicador,
    retorno: ficha.retorno,
    settledAt: ficha.settledAt,
    legs: ficha.selecoes.map((selection) => ({
      home: selection.event_competitors.find((c) => c.identifier === 'home')?.name ?? '',
      away: selection.event_competitors.find((c) => c.identifier === 'away')?.name ?? '',
      type: selection.event_selection.type,
      choice: selection.event_selection.choice,
      odds: selection.event_selection.odds,
      betStatus: selection.bet_status,
    })),
    record,
  };
}

/**
 * The public slip /{nomeUsuario}/fichas/{fichaId} as its preview shows it; null when anybody but its owner would get
 * a 404 there (no such slip, another user's handle, or hidden by its author or a moderator). `nomeUsuario` null: by id
 * alone (the image URL).
 */
export async function loadSlipPreview(q: Kysely<Database>, fichaId: string, nomeUsuario: string | null): Promise<SlipPreview | null> {
  if (!isId(fichaId)) return null;
  let query = q
    .selectFrom('fichas')
    .innerJoin('usuarios', 'usuarios.id', 'fichas.usuario_id')
    .select(['fichas.id', 'fichas.usuario_id', 'fichas.oculta'])
    .where('fichas.id', '=', fichaId);
  if (nomeUsuario !== null) query = query.where('usuarios.nome_usuario', '=', nomeUsuario.toLowerCase());
  const slip = await query.executeTakeFirst();
  if (!slip || slip.oculta !== 0) return null;
  const ficha = await loadFicha(q, slip.id, null);
  if (!ficha || !ficha.publicada) return null;
  // The author's record as every slip card shows it (server/slips/record.ts through loadFichas).
  return toPreview(ficha, ficha.registoAutor ?? null);
}

/** A short fingerprint of everything the image shows: the image's cache key and its URL's version. */
export function previewVersion(preview: SlipPreview, brandId: string): string {
  return createHash('sha256').update(JSON.stringify([brandId, preview])).digest('base64url').slice(0, 16);
}
