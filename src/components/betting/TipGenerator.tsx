import { useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { plural } from '@lingui/core/macro';
import { dateOptionAtom, generateTipsAtom, multiTipAtom } from '../../state/explore.ts';
import { onlineAtom } from '../../state/network.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { DATE_OPTIONS } from '../../lib/explore-filters.ts';
import { TIP_SLIP_LIMIT } from '../../lib/tip-generator.ts';
import { DATE_OPTION_LABELS } from '../explore/filter-labels.ts';
import { Icon } from '../Icon.tsx';
import { SubscriptionNotice } from './SubscriptionNotice.tsx';

/**
 * The generate-tip button with its date-option tab (SPEC §2 Explore page): hidden at 25 selections or more; the
 * count input only for the privileged account.
 */
export function TipGenerator({ selections }: { selections: number }) {
  const [dateOption, setDateOption] = useAtom(dateOptionAtom);
  const multi = useAtomValue(multiTipAtom);
  const online = useAtomValue(onlineAtom);
  const generate = useSetAtom(generateTipsAtom);
  const toast = useSetAtom(showToastAtom);
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState(false);
  const [subscription, setSubscription] = useState<string | null>(null);
  if (selections >= TIP_SLIP_LIMIT) return null;
  const room = TIP_SLIP_LIMIT - selections;

  const run = async () => {
    setBusy(true);
    setSubscription(null);
    try {
      const outcome = await generate({ count: multi ? Math.max(1, Math.min(count, room)) : 1 });
      if (outcome.kind === 'subscription') {
        setSubscription(outcome.message);
        toast({ kind: 'error', text: t`Verifique a sua subscrição`, action: { label: t`Ver subscrição`, href: '/dashboard/licenca' } });
      } else if (outcome.kind !== 'done') {
        toast({ kind: 'error', text: translateServerMessage(outcome.message) });
      }
      if (outcome.added > 0) {
        toast({ kind: 'success', text: plural(outcome.added, { one: 'Palpite adicionado à ficha', other: '# palpites adicionados à ficha' }) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tip-generator">
      <div className="segmented" role="group" aria-label={t`Período dos palpites`}>
        {DATE_OPTIONS.map((option) => (
          <button key={option} type="button" className="segment" aria-pressed={dateOption === option} onClick={() => setDateOption(option)}>
            {DATE_OPTION_LABELS[option](i18n)}
          </button>
        ))}
      </div>
      <div className="tip-row">
        {multi && (
          <input
            type="number"
            className="tip-count"
            min={1}
            max={room}
            value={count}
            onChange={(event) => setCount(Math.max(1, Math.min(room, Number(event.target.value) || 1)))}
            aria-label={t`Quantos palpites gerar`}
          />
        )}
        <button type="button" className="button button-small button-secondary tip-button" onClick={() => void run()} disabled={busy || !online}>
          <Icon name="wand" inline />
          {busy ? <Trans>A gerar palpite...</Trans> : <Trans>Gerar palpite</Trans>}
        </button>
      </div>
      {!online && (
        <p className="field-hint">
          <Trans>Gerar palpites precisa de ligação à internet.</Trans>
        </p>
      )}
      {subscription !== null && <SubscriptionNotice message={subscription} />}
    </div>
  );
}
