import { useId, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Mensagem } from '../../../contract/schemas/chats.ts';
import type { Denuncia, ReportAction, ReportState } from '../../../contract/schemas/reports.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { messageTime } from '../../lib/format.ts';
import { decideReportAtom, loadReport, newActionKey, type ReportView } from '../../state/moderation.ts';
import { showToastAtom } from '../../state/toasts.ts';
import './moderation.css';

const DURATIONS = [1, 3, 7, 30, 90] as const;

export function useStateLabel() {
  const { t } = useLingui();
  return (estado: ReportState): string =>
    ({ pendente: t`Pendente`, emCurso: t`Em curso`, concluida: t`Concluída`, cancelada: t`Cancelada` })[estado];
}

/**
 * One report: what it points to, why, who; and for a moderator the controls that move it on. `bare` makes it an
 * `<article>` for a list that makes its own items (the virtualised list of reports).
 */
export function ReportCard({
  report,
  onChanged,
  bare = false,
}: {
  report: Denuncia & { queued?: boolean };
  onChanged: (report: ReportView) => void;
  bare?: boolean;
}) {
  const { t } = useLingui();
  const stateLabel = useStateLabel();
  const showToast = useSetAtom(showToastAtom);
  const decideReport = useSetAtom(decideReportAtom);
  const [accao, setAccao] = useState<ReportAction>('ignorar');
  const [dias, setDias] = useState<number>(7);
  const [busy, setBusy] = useState(false);
  const [context, setContext] = useState<Mensagem[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef<{ for: string; key: string } | null>(null);
  const ids = useId();
  const open = report.estado === 'pendente' || report.estado === 'emCurso';

  const reporterName = report.denunciante.nome;
  const actionLabel = (action: ReportAction) => ({ ignorar: t`Ignorar`, remover: t`Remover conteúdo`, suspender: t`Suspender usuário` })[action];

  const decide = async (estado: 'emCurso' | 'concluida' | 'cancelada') => {
    const body = estado === 'concluida' ? { estado, accao, ...(accao === 'suspender' ? { dias } : {}) } : { estado };
    const signature = JSON.stringify(body);
    // The same decision tried again keeps its key, so a lost answer does not act twice.
    if (key.current?.for !== signature) key.current = { for: signature, key: newActionKey() };
    setBusy(true);
    setProblem(null);
    const result = await decideReport({ report, decision: body, key: key.current.key });
    setBusy(false);
    if (!result.ok) {
      setProblem(translateServerMessage(result.message));
      showToast({ kind: 'error', text: translateServerMessage(result.message) });
      return;
    }
    key.current = null;
    onChanged(result.report);
  };

  const showContext = async () => {
    const result = await loadReport(report.id);
    if (result.ok) setContext(result.data.contexto);
    else setProblem(translateServerMessage(result.message));
  };

  const Card = bare ? 'article' : 'li';
  return (
    <Card className="mod-card" aria-labelledby={`${ids}-title`}>
      <div className="mod-card-head">
        <h2 className="mod-card-title" id={`${ids}-title`}>
          {report.tipo === 'mensagem' ? (
            <Trans>Mensagem denunciada por {reporterName}</Trans>
          ) : report.tipo === 'ficha' ? (
            <Trans>Ficha denunciada por {reporterName}</Trans>
          ) : (
            <Trans>Usuario denunciado por {reporterName}</Trans>
          )}
        </h2>
        <span className="mod-state" data-estado={report.estado}>
          {stateLabel(report.estado)}
        </span>
        {report.queued && (
          <span className="mod-sync">
            <Trans>Guardada neste telemóvel</Trans>
          </span>
        )}
      </div>
      <blockquote className="mod-quote">{report.tipo === 'usuario' ? `@${report.conteudo}` : report.conteudo}</blockquote>
      <dl className="mod-facts">
        <dt>
          <Trans>Motivo</Trans>
        </dt>
        <dd>{report.motivo}</dd>
        {report.denunciado && (
          <>
            <dt>
              <Trans>Autor</Trans>
            </dt>
            <dd>
              <Link href={`/${report.denunciado.nomeUsuario}`}>@{report.denunciado.nomeUsuario}</Link>
            </dd>
          </>
        )}
        {report.chat && (
          <>
            <dt>
              <Trans>Onde</Trans>
            </dt>
            <dd>
              {report.chat.tipo === 'grupo' ? (
                <Link href={`/moderador/grupos/${report.chat.id}`}>{report.chat.nome ?? t`Grupo`}</Link>
              ) : report.chat.tipo === 'sala' ? (
                report.chat.nome ?? t`Sala de jogo`
              ) : (
                t`Conversa privada`
              )}
            </dd>
          </>
        )}
        {report.tipo === 'ficha' && (
          <>
            <dt>
              <Trans>Ficha</Trans>
            </dt>
            <dd>
              {report.denunciado ? <Link href={`/${report.denunciado.nomeUsuario}/fichas/${report.alvoId}`}>{t`Ver ficha`}</Link> : report.alvoId}
            </dd>
          </>
        )}
        <dt>
          <Trans>Quando</Trans>
        </dt>
        <dd>{messageTime(report.createdAt)}</dd>
        {report.accao && (
          <>
            <dt>
              <Trans>Acção</Trans>
            </dt>
            <dd>
              {actionLabel(report.accao)}
              {report.suspensoAte && <> ({t`até ${messageTime(report.suspensoAte)}`})</>}
            </dd>
          </>
        )}
        {report.moderador && (
          <>
            <dt>
              <Trans>Moderador</Trans>
            </dt>
            <dd>@{report.moderador.nomeUsuario}</dd>
          </>
        )}
      </dl>
      {report.tipo === 'mensagem' && context === null && (
        <button type="button" className="button button-secondary button-small" onClick={() => void showContext()}>
          <Trans>Ver contexto</Trans>
        </button>
      )}
      {context && (
        <ul className="mod-context" aria-label={t`Contexto da mensagem`}>
          {context.map((message) => (
            <li key={message.id} data-reported={message.id === report.alvoId}>
              <span className="mod-context-sender">{message.sender.nome}</span>
              {message.mensagem || (message.imagens.length > 0 ? t`Enviou uma imagem` : '')}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <>
          {report.estado === 'pendente' && (
            <button type="button" className="button button-small" disabled={busy} onClick={() => void decide('emCurso')}>
              <Trans>Começar a analisar</Trans>
            </button>
          )}
          <fieldset className="mod-decision">
            <legend>
              <Trans>Acção</Trans>
            </legend>
            {(['ignorar', 'remover', 'suspender'] as const)
              .filter((action) => action !== 'remover' || report.tipo !== 'usuario')
              .map((action) => (
                <label key={action} className="mod-choice">
                  <input type="radio" name={`${ids}-accao`} value={action} checked={accao === action} onChange={() => setAccao(action)} />
                  {actionLabel(action)}
                </label>
              ))}
            {accao === 'suspender' && (
              <div className="mod-days">
                <label htmlFor={`${ids}-dias`}>
                  <Trans>Duração da suspensão</Trans>
                </label>
                <select id={`${ids}-dias`} value={dias} onChange={(event) => setDias(Number(event.target.value))}>
                  {DURATIONS.map((days) => (
                    <option key={days} value={days}>
                      {days === 1 ? t`1 dia` : t`${days} dias`}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </fieldset>
          <div className="row">
            <button type="button" className="button button-small" disabled={busy} onClick={() => void decide('concluida')}>
              <Trans>Concluir</Trans>
            </button>
            <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => void decide('cancelada')}>
              <Trans>Cancelar</Trans>
            </button>
          </div>
        </>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </Card>
  );
}
