import { Plural, Trans } from '@lingui/react/macro';
import type { RecordSummary } from '../../../contract/schemas/record.ts';
import { RecordSummaryLine } from './RecordSummaryLine.tsx';
import './record.css';

/** What the group's response carries for this (registoCriador: sent for a private group). */
export interface CreatorRecordGroup {
  criador: { nome: string; nomeUsuario: string };
  registoCriador?: RecordSummary | null;
}

/**
 * The verified record of a private group's creator, on the group's paywall and drawer, so a user sees what
 * they would pay for before paying: settled slips, win rate and ROI, or the guard text below 20 settled slips.
 * Nothing when the group was stored before the server sent it.
 */
export function CreatorRecord({ group, headingLevel = 3 }: { group: CreatorRecordGroup; headingLevel?: 3 | 4 }) {
  const record = group.registoCriador;
  if (!record) return null;
  const nome = group.criador.nome || group.criador.nomeUsuario;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section className="creator-record">
      <Heading className="creator-record-title">
        <Trans>Registo verificado de {nome}</Trans>
      </Heading>
      {record.suficiente && (
        <p className="creator-record-count">
          <Plural value={record.liquidadas} one="# ficha liquidada" other="# fichas liquidadas" />
        </p>
      )}
      <RecordSummaryLine record={record} />
    </section>
  );
}
