import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Denuncia, ReportState } from '../../contract/schemas/reports.ts';
import { RequireModerator } from '../components/moderation/RequireModerator.tsx';
import { ReportCard } from '../components/moderation/ReportCard.tsx';
import { VirtualList } from '../components/list/VirtualList.tsx';
import { translateServerMessage } from '../i18n/server-message.ts';
import { inReportFilter, loadReports, markReportsSeen, reportDecisionsAtom, reportWithDecision, selfIdAtom, type ReportView } from '../state/moderation.ts';
import { onlineAtom } from '../state/network.ts';
import '../components/moderation/moderation.css';

const PAGE_SIZE = 50;

/**
 * /moderador/notifications: the reports, by state, newest first, with the decision controls (docs/api/social.md
 * "Reports"); virtualised, with pages of 50 as the moderator scrolls (or with the button).
 */
export default function ModeratorNotifications() {
  return (
    <RequireModerator>
      <Reports />
    </RequireModerator>
  );
}

function Reports() {
  const { t } = useLingui();
  const online = useAtomValue(onlineAtom);
  const selfId = useAtomValue(selfIdAtom);
  const [estado, setEstado] = useState<ReportState>('pendente');
  const [reports, setReports] = useState<Denuncia[] | null>(null);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Paging on scroll: one page at a time, and none after a failed one (SPEC §4 Lists; the button still asks again).
  const paging = useRef({ loading: false, failed: false });

  const filters: { estado: ReportState; label: string }[] = [
    { estado: 'pendente', label: t`Pendentes` },
    { estado: 'emCurso', label: t`Em curso` },
    { estado: 'concluida', label: t`Concluídas` },
    { estado: 'cancelada', label: t`Canceladas` },
  ];

  const load = useCallback(
    async (which: ReportState, pageNumber: number) => {
      paging.current.loading = true;
      const result = await loadReports(which, pageNumber).finally(() => {
        paging.current.loading = false;
      });
      paging.current.failed = !result.ok;
      if (!result.ok) {
        setProblem(result.message);
        return;
      }
      setProblem(null);
      setMore(result.data.length === PAGE_SIZE);
      setPage(pageNumber);
      setReports((current) => (pageNumber === 1 ? result.data : [...(current ?? []), ...result.data.filter((r) => !current?.some((c) => c.id === r.id))]));
    },
    [],
  );

  useEffect(() => {
    setReports(null);
    void load(estado, 1);
  }, [estado, load]);
  // Back online, the list is asked again; going offline keeps the one shown (a decision can be queued from it).
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void load(estado, 1);
    wasOnline.current = online;
  }, [online, estado, load]);

  // The moderator has seen the new reports: the counter behind the menu's badge goes to 0.
  useEffect(() => {
    if (selfId && estado === 'pendente' && reports !== null) void markReportsSeen(selfId).catch(() => undefined);
  }, [selfId, estado, reports]);

  // A decided report takes its new state at once, online or queued offline, and leaves a list it no longer belongs
  // to (a concluded one leaves Pendentes); a queued decision also holds against a reload that predates it.
  const changed = (report: ReportView) => setReports((current) => (current ?? []).map((r) => (r.id === report.id ? report : r)));
  const decisions = useAtomValue(reportDecisionsAtom);
  const shown = useMemo(
    () => (reports ?? []).map((report) => reportWithDecision(report, decisions)).filter((report) => inReportFilter(report.estado, estado)),
    [reports, decisions, estado],
  );

  return (
    <section className="page" aria-labelledby="mod-reports-title">
      <div className="page-head">
        <h1 className="page-title" id="mod-reports-title">
          <Trans>Denúncias</Trans>
        </h1>
        <Link href="/dashboard/notifications">
          <Trans>As minhas notificações</Trans>
        </Link>
      </div>
      <div className="tabs mod-filters" role="group" aria-label={t`Estado das denúncias`}>
        {filters.map((filter) => (
          <button
            key={filter.estado}
            type="button"
            className={filter.estado === estado ? 'tab current' : 'tab'}
            aria-pressed={filter.estado === estado}
            onClick={() => setEstado(filter.estado)}
          >
            {filter.label}
          </button>
        ))}
      </div>
      {problem && <p className="notice">{translateServerMessage(problem)}</p>}
      {reports === null ? (
        // A first page that failed is not an empty list: the problem above says why nothing shows.
        !problem && (
          <p className="muted" aria-live="polite">
            <Trans>A carregar…</Trans>
          </p>
        )
      ) : shown.length === 0 ? (
        <p className="notice">
          <Trans>Não há denúncias neste estado.</Trans>
        </p>
      ) : (
        <VirtualList
          key={estado}
          items={shown}
          itemKey={(report) => report.id}
          className="mod-list"
          aria-label={t`Denúncias`}
          gap={10}
          onEndReached={() => {
            if (more && online && !paging.current.loading && !paging.current.failed) void load(estado, page + 1);
          }}
        >
          {(report) => <ReportCard bare report={report} onChanged={changed} />}
        </VirtualList>
      )}
      {more && (
        <button type="button" className="button button-secondary button-small notifications-more" disabled={!online} onClick={() => void load(estado, page + 1)}>
          <Trans>Ver mais denúncias</Trans>
        </button>
      )}
    </section>
  );
}
