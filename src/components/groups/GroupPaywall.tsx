import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { GroupPlanName, GroupSummary } from '../../../contract/schemas/groups.ts';
import { GROUP_PLAN_DAYS } from '../../../contract/limits.ts';
import { MSG } from '../../../contract/messages.ts';
import { subscribeGroupAtom } from '../../state/group-admin.ts';
import { refreshGroupAtom } from '../../state/groups.ts';
import { refreshPaymentsAtom } from '../../state/licence.ts';
import { onlineAtom } from '../../state/network.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { formatKz } from '../../lib/format.ts';
import { PAYMENT_BUTTON_PAUSE_MS, type StartedPayment } from '../../lib/licence-rules.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { PaymentFrame } from '../licence/PaymentFrame.tsx';
import { PaymentList } from '../licence/PaymentList.tsx';
import { GroupInfo, offeredPlans, usePlanNames } from './admin/GroupInfo.tsx';
import { CreatorRecord } from '../record/CreatorRecord.tsx';
import '../licence/licence.css';
import './admin/group-admin.css';

/**
 * The paywall of a private group (SPEC §4 mustPay), in place of the conversation: the group's name, image, members,
 * creator with their verified record (what one would pay for) and plans, with a subscribe button per plan.
 * Subscribing opens the EMIS payment page in a frame (respostaEmis.id); once it is paid the group's detail is fetched
 * again, so the membership, its expiry and the messages appear without a reload. Nothing of the conversation is shown here (the server sends none of it either).
 */
export function GroupPaywall({ group, onPaid }: { group: GroupSummary; onPaid?: () => void }) {
  const { t } = useLingui();
  const names = usePlanNames();
  const online = useAtomValue(onlineAtom);
  const subscribe = useSetAtom(subscribeGroupAtom);
  const refresh = useSetAtom(refreshGroupAtom);
  const toast = useSetAtom(showToastAtom);
  const [payment, setPayment] = useState<StartedPayment | null>(null);
  const [paused, setPaused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refreshPayments = useSetAtom(refreshPaymentsAtom);
  // The payments for this group's plans (one may wait to be paid), as fresh as the page.
  useEffect(() => {
    if (online) void refreshPayments(false);
  }, [online, refreshPayments]);
  const plans = offeredPlans(group);
  const subscribeLabels: Record<GroupPlanName, string> = { semanal: t`Subscrever semanal`, mensal: t`Subscrever mensal`, anual: t`Subscrever anual` };

  const choose = async (plan: GroupPlanName) => {
    setPaused(true);
    // The buttons come back after 3 s (SPEC §4), so a double tap does not open two payments.
    timer.current = setTimeout(() => setPaused(false), PAYMENT_BUTTON_PAUSE_MS);
    const result = await subscribe({ groupId: group.id, plan });
    if (result.kind === 'ok') return setPayment(result);
    const failed = translateServerMessage(MSG.groupSubscriptionFailed);
    const reason = translateServerMessage(result.message);
    toast({ kind: 'error', text: reason && reason !== failed ? `${failed}: ${reason}` : failed });
  };

  const paid = () => {
    setPayment(null);
    toast({ kind: 'success', text: t`Subscrição confirmada. Já podes ler e enviar mensagens.` });
    void refresh(group.id);
    onPaid?.();
  };

  return (
    <section className="group-paywall" aria-labelledby={`paywall-${group.id}`}>
      <h2 className="section-title paywall-title" id={`paywall-${group.id}`}>
        <Trans>Subscrever o grupo</Trans>
      </h2>
      <GroupInfo group={group} plans={false} headingLevel={3} />
      <CreatorRecord group={group} />
      <p className="notice">{translateServerMessage(MSG.groupMustPay)}</p>
      {plans.length === 0 ? (
        <p className="muted">
          <Trans>Este grupo ainda não tem planos à venda.</Trans>
        </p>
      ) : (
        <ul className="paywall-plans">
          {plans.map((plan) => (
            <li key={plan.extensao} className="paywall-plan">
              <span className="paywall-plan-name">{names[plan.extensao]}</span>
              <span className="paywall-plan-price">{formatKz(plan.valor)}</span>
              <span className="paywall-plan-days muted">
                <Plural value={GROUP_PLAN_DAYS[plan.extensao]} one="# dia" other="# dias" />
              </span>
              <button type="button" className="button" disabled={paused || !online} onClick={() => void choose(plan.extensao)}>
                {subscribeLabels[plan.extensao]}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!online && (
        <p className="muted" role="status">
          <Trans>Subscrever precisa de internet. Liga-te para pagar.</Trans>
        </p>
      )}
      <PaymentList which={(p) => p.grupoId === group.id} onResume={setPayment} limit={3} />
      {payment && <PaymentFrame payment={payment} onPaid={paid} onClose={() => setPayment(null)} />}
    </section>
  );
}
