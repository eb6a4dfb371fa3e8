import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ModeratorGroupResponse } from '../../contract/schemas/reports.ts';
import { RequireModerator } from '../components/moderation/RequireModerator.tsx';
import { ReportCard } from '../components/moderation/ReportCard.tsx';
import { translateServerMessage } from '../i18n/server-message.ts';
import { messageTime } from '../lib/format.ts';
import { loadModeratorGroup } from '../state/moderation.ts';
import '../components/moderation/moderation.css';

type GroupView = Omit<ModeratorGroupResponse, 'status' | 'message'>;

/** /moderador/grupos/{grupoId}: a group seen by a moderator through its reports: only its reported messages. */
export default function ModeratorGroup() {
  return (
    <RequireModerator>
      <GroupReports />
    </RequireModerator>
  );
}

function GroupReports() {
  const { t } = useLingui();
  const { grupoId = '' } = useParams<{ grupoId: string }>();
  const [view, setView] = useState<GroupView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setView(null);
    setProblem(null);
    void loadModeratorGroup(grupoId).then((result) => {
      if (!current) return;
      if (result.ok) setView(result.data);
      else setProblem(result.message);
    });
    return () => {
      current = false;
    };
  }, [grupoId]);

  return (
    <section className="page" aria-labelledby="mod-group-title">
      <div className="page-head">
        <h1 className="page-title" id="mod-group-title">
          {view ? view.grupo.nome : <Trans>Grupo</Trans>}
        </h1>
        {view && (
          <span className="muted">
            {view.grupo.privado ? t`Grupo privado` : t`Grupo aberto`} · {t`Membros: ${view.grupo.membros}`}
          </span>
        )}
      </div>
      {problem && <p className="notice">{translateServerMessage(problem)}</p>}
      {!view && !problem && (
        <p className="muted" aria-live="polite">
          <Trans>A carregar…</Trans>
        </p>
      )}
      {view && (
        <>
          <p className="muted">
            <Trans>Só vês as mensagens deste grupo que foram denunciadas.</Trans>
          </p>
          <h2>
            <Trans>Mensagens denunciadas</Trans>
          </h2>
          {view.mensagens.length === 0 ? (
            <p className="notice">
              <Trans>Não há mensagens denunciadas neste grupo.</Trans>
            </p>
          ) : (
            <ul className="mod-context" aria-label={t`Mensagens denunciadas`}>
              {view.mensagens.map((message) => (
                <li key={message.id}>
                  <span className="mod-context-sender">{message.sender.nome}</span>
                  {message.mensagem || t`Enviou uma imagem`} <span className="muted">· {messageTime(message.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
          {view.denuncias.length > 0 && (
            <>
              <h2>
                <Trans>Denúncias</Trans>
              </h2>
              <ul className="mod-list" aria-label={t`Denúncias`}>
                {view.denuncias.map((report) => (
                  <ReportCard
                    key={report.id}
                    report={report}
                    onChanged={(changed) => setView((v) => (v ? { ...v, denuncias: v.denuncias.map((r) => (r.id === changed.id ? changed : r)) } : v))}
                  />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
