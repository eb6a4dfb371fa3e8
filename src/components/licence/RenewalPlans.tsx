import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LICENCE_PERIOD_DAYS, LICENCE_PRICES } from '../../../contract/limits.ts';
import { LICENCE_PLANS, type LicencePlan } from '../../../contract/schemas/licence.ts';
import { formatKz } from '../../lib/format.ts';
import { PAYMENT_BUTTON_PAUSE_MS } from '../../lib/licence-rules.ts';

/**
 * The three plans (SPEC §9). A press starts a payment; the buttons stay disabled for 3 s after it (SPEC §4), so a
 * double tap on a slow phone does not open two payments.
 */
export function RenewalPlans({ onChoose, online }: { onChoose: (plan: LicencePlan) => void; online: boolean }) {
  const { t } = useLingui();
  const [paused, setPaused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const names: Record<LicencePlan, string> = { mensal: t`Mensal`, trimestral: t`Trimestral`, anual: t`Anual` };

  const choose = (plan: LicencePlan) => {
    setPaused(true);
    timer.current = setTimeout(() => setPaused(false), PAYMENT_BUTTON_PAUSE_MS);
    onChoose(plan);
  };

  return (
    <ul className="licence-plans">
      {LICENCE_PLANS.map((plan) => {
        const days = LICENCE_PERIOD_DAYS[plan];
        return (
          <li key={plan} className={`licence-plan licence-plan-${plan}`}>
            <button type="button" className="licence-plan-button" onClick={() => choose(plan)} disabled={paused || !online}>
              <span className="licence-plan-name">{names[plan]}</span>
              <span className="licence-plan-price">{formatKz(LICENCE_PRICES[plan])}</span>
              <span className="licence-plan-days">
                <Trans>{days} dias</Trans>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
