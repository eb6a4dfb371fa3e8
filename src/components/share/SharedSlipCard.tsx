import '../../i18n/betting-catalog.ts';
import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { leftOut, type CopyReport } from '../../lib/share-rules.ts';
import { copySharedSlipAtom, refreshSharedSlipAtom, sharedSlipMissingAtom } from '../../state/share.ts';
import { slipAtom } from '../../state/slips.ts';
import { onlineAtom } from '../../state/network.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { PENDING } from '../../state/live-atom.ts';
import { slipHref } from '../betting/slip-data.ts';
import { SlipSelections } from '../betting/SlipSelections.tsx';
import { SlipTotals } from '../betting/SlipTotals.tsx';
import { StatusBadge } from '../betting/StatusBadge.tsx';
import { SLIP_STATE } from '../betting/status-labels.ts';
import { Icon } from '../Icon.tsx';
import { RecordSummaryLine } from '../record/RecordSummaryLine.tsx';
import '../betting/betting.css';
import './share.css';

type Loading = 'loading' | 'done' | 'error';

/** What copying did, in words: how many selections were copied, how many were left out and why (SPEC §4 copy rule). */
function useCopyMessage() {
  const { t } = useLingui();
  return (report: CopyReport) => {
    const copied =
      report.copied > 0
        ? plural(report.copied, { one: '# selecção copiada para a sua ficha', other: '# selecções copiadas para a sua ficha' })
        : t`Nenhuma selecção copiada`;
    if (leftOut(report) === 0) return `${copied}.`;
    const reasons = [
      report.notPending > 0 ? plural(report.notPending, { one: '# já não está pendente', other: '# já não estão pendentes' }) : null,
      report.alreadyIn > 0 ? plural(report.alreadyIn, { one: '# já estava na sua ficha', other: '# já estavam na sua ficha' }) : null,
      report.full > 0 ? plural(report.full, { one: '# não coube (máximo de 50)', other: '# não couberam (máximo de 50)' }) : null,
    ].filter((reason): reason is string => reason !== null);
    return `${copied}. ${plural(leftOut(report), { one: '# ficou de fora:', other: '# ficaram de fora:' })} ${reasons.join(', ')}.`;
  };
}

/**
 * A slip shared into a chat (SPEC §7 Sharing), in every chat's message list: its author, selections with odds and
 * states, stake, multiplier, return and state. Read by id into the phone's store, so it shows offline once seen.
 * It opens the slip and copies it into the builder. `own`: the message is the viewer's.
 */
export function SharedSlipCard({ fichaId, own }: { fichaId: string; own: boolean }) {
  const { t } = useLingui();
  const slip = useAtomValue(slipAtom(fichaId));
  const missing = useAtomValue(sharedSlipMissingAtom(fichaId));
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshSharedSlipAtom);
  const copy = useSetAtom(copySharedSlipAtom);
  const toast = useSetAtom(showToastAtom);
  const copyMessage = useCopyMessage();
  const [loading, setLoading] = useState<Loading>('loading');

  useEffect(() => {
    if (!online) return;
    let current = true;
    void refresh(fichaId).then((outcome) => {
      if (current) setLoading(outcome === 'error' ? 'error' : 'done');
    });
    return () => {
      current = false;
    };
  }, [fichaId, online, refresh]);

  const shown = slip !== PENDING && slip && !(missing === true && !slip.own) ? slip : null;
  if (!shown) {
    let text;
    if (missing === true) text = <Trans>Esta ficha já não está disponível</Trans>;
    else if (slip === PENDING || (online && loading === 'loading')) text = <Trans>A carregar ficha...</Trans>;
    else if (!online) text = <Trans>Esta ficha ainda não foi guardada neste telemóvel. Liga-te à internet para a ver.</Trans>;
    else text = <Trans>Não foi possivel carregar esta ficha.</Trans>;
    return (
      <div className={own ? 'shared-slip unavailable own' : 'shared-slip unavailable'} role="group" aria-label={t`Ficha partilhada`}>
        <Icon name="slip" inline />
        <span>{text}</span>
      </div>
    );
  }

  const { ficha } = shown;
  const state = SLIP_STATE[ficha.estado];
  const author = ficha.usuario.nome || ficha.usuario.nomeUsuario;
  const onCopy = async () => {
    const report = await copy(ficha.selecoes);
    toast({ kind: report.copied > 0 ? 'success' : 'info', text: copyMessage(report) });
  };

  return (
    <article className={own ? 'shared-slip own' : 'shared-slip'} aria-label={t`Ficha partilhada de ${author}`}>
      <header className="shared-slip-head">
        <span className="avatar-letter" aria-hidden="true">
          {author.slice(0, 1).toUpperCase()}
        </span>
        <span className="shared-slip-author">
          <strong>{author}</strong>
          <span className="muted"> @{ficha.usuario.nomeUsuario}</span>
        </span>
        <StatusBadge kind="slip" status={ficha.estado} icon={state.icon} label={state.label} />
      </header>
      <RecordSummaryLine record={ficha.registoAutor} />
      <SlipSelections selections={ficha.selecoes} linkEvents={false} />
      <SlipTotals ficha={ficha} />
      {!ficha.publicada && shown.own && (
        <p className="muted small">
          <Trans>Oculta: só tu a vês até a publicares.</Trans>
        </p>
      )}
      <div className="shared-slip-actions">
        <Link href={slipHref(ficha, shown.own)} className="button button-small button-secondary">
          <Trans>Abrir ficha</Trans>
        </Link>
        <button type="button" className="button button-small" onClick={() => void onCopy()}>
          <Icon name="copy" inline />
          <Trans>Copiar para a minha ficha</Trans>
        </button>
      </div>
    </article>
  );
}
