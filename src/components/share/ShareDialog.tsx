import { useEffect, useId, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { MSG } from '../../../contract/messages.ts';
import type { Ficha } from '../../../contract/schemas/slips.ts';
import type { ChatType } from '../../../contract/schemas/signals.ts';
import { hiddenFromRecipients, slipShareBlock, type GroupShareBlock } from '../../lib/share-rules.ts';
import { refreshShareTargetsAtom, shareSlipAtom, shareTargetsAtom, type ShareTarget } from '../../state/share.ts';
import { sessionUserAtom } from '../../state/session.ts';
import { onlineAtom } from '../../state/network.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { PENDING } from '../../state/live-atom.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Icon } from '../Icon.tsx';
import { ShareOutside } from './ShareOutside.tsx';
import { Tabs, tabId } from '../Tabs.tsx';
import { useModal } from '../use-modal.ts';
import './share.css';

type Tab = 'conversas' | 'grupos' | 'salas';
const TABS: Tab[] = ['conversas', 'grupos', 'salas'];

/** Where a share made from this dialog stands (the dialog stays open, so one slip can go to several chats). */
type RowState = 'saving' | 'saved' | 'sent' | 'refused';

const rowKey = (target: { chatType: ChatType; chatId: string }) => `${target.chatType}:${target.chatId}`;

function BlockReason({ block }: { block: GroupShareBlock }) {
  if (block === 'must-pay') return <Trans>Subscreve este grupo para partilhar nele</Trans>;
  if (block === 'admins-only') return <Trans>Só os administradores podem enviar mensagens neste grupo</Trans>;
  if (block === 'not-member') return <Trans>Junta-te a este grupo para partilhar nele</Trans>;
  return <Trans>Ainda não foi enviado para o servidor</Trans>;
}

function RowStateLabel({ state }: { state: RowState }) {
  if (state === 'saving') return <Trans>A partilhar...</Trans>;
  if (state === 'saved') return <Trans>Guardada neste telemóvel, por enviar</Trans>;
  if (state === 'sent') return <Trans>Partilhada</Trans>;
  return <Trans>Recusada</Trans>;
}

function TargetRow({
  target,
  disabled,
  state,
  onShare,
}: {
  target: ShareTarget;
  disabled: boolean;
  state: RowState | undefined;
  onShare: (target: ShareTarget) => void;
}) {
  const { t } = useLingui();
  const reasonId = useId();
  const blocked = target.block !== null;
  return (
    <li className={blocked ? 'share-row blocked' : 'share-row'}>
      <span className="share-avatar" aria-hidden="true">
        {target.name.slice(0, 1).toUpperCase()}
      </span>
      <span className="share-row-text">
        <span className="share-row-name">{target.name}</span>
        <span className="share-row-detail">
          {target.chatType === 'grupo' ? <Plural value={Number(target.detail)} one="# membro" other="# membros" /> : target.detail}
        </span>
        {target.block && (
          <span className="share-row-reason" id={reasonId}>
            <BlockReason block={target.block} />
          </span>
        )}
        {state && (
          <span className={`share-row-state ${state}`} role="status">
            <RowStateLabel state={state} />
          </span>
        )}
      </span>
      <button
        type="button"
        className="button button-small"
        disabled={disabled || blocked || state === 'saving'}
        aria-describedby={target.block ? reasonId : undefined}
        aria-label={t`Partilhar com ${target.name}`}
        onClick={() => onShare(target)}
      >
        <Trans>Partilhar</Trans>
      </button>
    </li>
  );
}

/**
 * "Partilhar ficha": the conversation, group and room lists of the phone's store in share mode (SPEC §2, §7 Sharing).
 * Choosing a chat queues the share through the outbox (also offline); the toast comes once the server has answered.
 */
export function ShareDialog({ ficha, onClose }: { ficha: Ficha; onClose: () => void }) {
  const { t } = useLingui();
  const user = useAtomValue(sessionUserAtom);
  const online = useAtomValue(onlineAtom);
  const targets = useAtomValue(shareTargetsAtom);
  const refresh = useSetAtom(refreshShareTargetsAtom);
  const share = useSetAtom(shareSlipAtom);
  const toast = useSetAtom(showToastAtom);
  const [tab, setTab] = useState<Tab>('conversas');
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const ref = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const selfId = user?.id ?? null;
  const slipBlock = slipShareBlock(ficha, selfId);

  useModal(ref, onClose, { focus: 'box' });

  useEffect(() => {
    if (online) void refresh();
  }, [online, refresh]);

  const mark = (key: string, state: RowState) => setRows((current) => ({ ...current, [key]: state }));

  const onShare = async (target: ShareTarget) => {
    const key = rowKey(target);
    mark(key, 'saving');
    const result = await share({ fichaId: ficha.id, chatType: target.chatType, chatId: target.chatId });
    if (!result.ok) {
      mark(key, 'refused');
      toast({ kind: 'error', text: `${t`Erro ao partilhar`}: ${translateServerMessage(result.message)}` });
      return;
    }
    // Saved on this phone: said at once only when it cannot go now, so an online share shows one toast.
    if (!online) {
      mark(key, 'saved');
      toast({ kind: 'info', text: t`Partilha guardada neste telemóvel. Será enviada quando houver ligação.` });
    }
    const outcome = await result.outcome;
    if (outcome.kind === 'sent') {
      mark(key, 'sent');
      toast({ kind: 'success', text: t`Partilha bem sucedida` });
    } else {
      mark(key, 'refused');
      const why = outcome.motivo ?? (outcome.message && outcome.message !== MSG.shareFailed ? outcome.message : null);
      toast({ kind: 'error', text: why ? `${t`Erro ao partilhar`}: ${translateServerMessage(why)}` : t`Erro ao partilhar` });
    }
  };

  const labels: Record<Tab, string> = { conversas: t`Conversas`, grupos: t`Grupos`, salas: t`Salas de jogos` };
  const list = targets === PENDING ? null : targets[tab];
  const empty: Record<Tab, string> = {
    conversas: t`Ainda não tens conversas.`,
    grupos: t`Ainda não há grupos neste telemóvel.`,
    salas: t`Ainda não há salas de jogos neste telemóvel.`,
  };

  return (
    <div className="drawer-layer centred share-layer" role="presentation" onClick={onClose}>
      <div
        ref={ref}
        tabIndex={-1}
        className="dialog share-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t`Partilhar ficha`}
        onClick={(event) => event.stopPropagation()}
      >
        <div className="share-dialog-head">
          <h2 className="dialog-title">
            <Trans>Partilhar ficha</Trans>
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t`Fechar`}>
            <Icon name="close" />
          </button>
        </div>
        {slipBlock === 'not-sent' && (
          <p className="notice">
            <Trans>Esta ficha ainda não foi enviada para o servidor. Poderás partilhá-la depois de enviada.</Trans>
          </p>
        )}
        {slipBlock === 'hidden' && (
          <p className="notice">
            <Trans>Esta ficha foi ocultada pelo seu autor e não pode ser partilhada.</Trans>
          </p>
        )}
        {!slipBlock && hiddenFromRecipients(ficha, selfId) && (
          <p className="notice">
            <Trans>Esta ficha está oculta: quem a receber só a poderá ver depois de a publicares.</Trans>
          </p>
        )}
        {!slipBlock && !online && (
          <p className="notice share-offline">
            <Trans>Sem ligação: a partilha fica guardada neste telemóvel e é enviada quando houver ligação.</Trans>
          </p>
        )}
        {!slipBlock && !hiddenFromRecipients(ficha, selfId) && <ShareOutside ficha={ficha} />}
        <Tabs label={t`Onde partilhar`} tabs={TABS} labels={labels} selected={tab} onSelect={setTab} idBase={baseId} panelOf={() => `${baseId}-panel`} />
        <div id={`${baseId}-panel`} role="tabpanel" tabIndex={0} aria-labelledby={tabId(baseId, tab)} className="share-panel">
          {list === null ? (
            <span className="spinner-small" aria-hidden="true" />
          ) : list.length === 0 ? (
            <p className="muted">{empty[tab]}</p>
          ) : (
            <ul className="share-list">
              {list.map((target) => (
                <TargetRow key={rowKey(target)} target={target} disabled={slipBlock !== null} state={rows[rowKey(target)]} onShare={(chosen) => void onShare(chosen)} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
