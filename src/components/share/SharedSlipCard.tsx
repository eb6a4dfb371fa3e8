import '../../i18n/betting-catalog.ts';
import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { refreshSharedSlipAtom, sharedSlipMissingAtom } from '../../state/share.ts';
import { slipMetaAtom } from '../../state/slip-view.ts';
import { slipAtom } from '../../state/slips.ts';
import { onlineAtom } from '../../state/network.ts';
import { PENDING } from '../../state/live-atom.ts';
import { slipHref } from '../betting/slip-data.ts';
import { StaleSlipLegs } from '../stale/StaleSlipLegs.tsx';
import { CopyToSlipButton } from '../stale/CopyToSlipButton.tsx';
import { LastUpdated } from '../LastUpdated.tsx';
import { SlipTotals } from '../betting/SlipTotals.tsx';
import { StatusBadge } from '../betting/StatusBadge.tsx';
import { SLIP_STATE } from '../betting/status-labels.ts';
import { Icon } from '../Icon.tsx';
import { RecordSummaryLine } from '../record/RecordSummaryLine.tsx';
import '../betting/betting.css';
import './share.css';
import { shownHandle } from '../../../contract/official-account.ts';
import { brand } from '../../i18n/brand.ts';

type Loading = 'loading' | 'done' | 'error';

/**
 * A slip shared into a chat (SPEC §7 Sharing), in every chat's message list: its author, selections with odds and
 * states and what changed in each since it was made (the stale-slip check), stake, multiplier, return and state.
 * Read by id into the phone's store, so it shows offline once seen. It opens the slip and copies its open legs into
 * the builder. `own`: the message is the viewer's.
 */
export function SharedSlipCard({ fichaId, own }: { fichaId: string; own: boolean }) {
  const { t } = useLingui();
  const slip = useAtomValue(slipAtom(fichaId));
  const missing = useAtomValue(sharedSlipMissingAtom(fichaId));
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshSharedSlipAtom);
  const meta = useAtomValue(slipMetaAtom(fichaId));
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

  return (
    <article className={own ? 'shared-slip own' : 'shared-slip'} aria-label={t`Ficha partilhada de ${author}`}>
      <header className="shared-slip-head">
        <span className="avatar-letter" aria-hidden="true">
          {author.slice(0, 1).toUpperCase()}
        </span>
        <span className="shared-slip-author">
          <strong>{author}</strong>
          <span className="muted"> @{shownHandle(ficha.usuario.nomeUsuario, brand.locale)}</span>
        </span>
        <StatusBadge kind="slip" status={ficha.estado} icon={state.icon} label={state.label} />
      </header>
      <RecordSummaryLine record={ficha.registoAutor} />
      <StaleSlipLegs selections={ficha.selecoes} linkEvents={false} />
      <SlipTotals ficha={ficha} />
      {/* Offline the card shows what the phone's store knows, and as of when. */}
      {!online && meta !== PENDING && meta && <LastUpdated at={meta.refreshedAt} error={meta.error} />}
      {!ficha.publicada && shown.own && (
        <p className="muted small">
          <Trans>Oculta: só tu a vês até a publicares.</Trans>
        </p>
      )}
      <div className="shared-slip-actions">
        <Link href={slipHref(ficha, shown.own)} className="button button-small button-secondary">
          <Trans>Abrir ficha</Trans>
        </Link>
        <CopyToSlipButton selections={ficha.selecoes} />
      </div>
    </article>
  );
}
