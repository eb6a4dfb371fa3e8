import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { GroupPlanName, GroupSummary } from '../../../../contract/schemas/groups.ts';
import { formatKz } from '../../../lib/format.ts';
import { SaverImage } from '../../SaverImage.tsx';
import { shownHandle } from '../../../../contract/official-account.ts';
import { brand } from '../../../i18n/brand.ts';

/** The plans a group offers: the ones worth more than 0, in the order semanal, mensal, anual. */
export function offeredPlans(group: Pick<GroupSummary, 'planos'>): { extensao: GroupPlanName; valor: number }[] {
  const order: GroupPlanName[] = ['semanal', 'mensal', 'anual'];
  return order.flatMap((extensao) => group.planos.filter((plan) => plan.extensao === extensao && plan.valor > 0));
}

export function usePlanNames(): Record<GroupPlanName, string> {
  const { t } = useLingui();
  return { semanal: t`Semanal`, mensal: t`Mensal`, anual: t`Anual` };
}

/**
 * What anyone may see of a group (SPEC §4: what the paywall needs): image, name, privacy, members counted with the
 * creator, the creator, and, with `plans`, the plans of a private group. Never anything of its conversation.
 */
export function GroupInfo({ group, plans, headingLevel = 2 }: { group: GroupSummary; plans: boolean; headingLevel?: 2 | 3 }) {
  const { t } = useLingui();
  const names = usePlanNames();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const offered = offeredPlans(group);
  return (
    <div className="group-info">
      <div className="group-info-head">
        {group.imagem ? (
          <SaverImage src={group.imagem} alt={t`Imagem do grupo ${group.nome}`} className="group-image" label={t`Ver imagem do grupo`} />
        ) : (
          <span className="group-image empty" aria-hidden="true">
            {group.nome.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="group-info-text">
          <Heading className="group-name">{group.nome}</Heading>
          <p className="group-facts">
            <span className={group.privado ? 'group-privacy private' : 'group-privacy'}>{group.privado ? <Trans>Privado</Trans> : <Trans>Aberto</Trans>}</span>
            {group.oficial && (
              <span className="group-official">
                <Trans>Oficial</Trans>
              </span>
            )}
            <span>
              <Plural value={group.totalUsuarios} one="# membro" other="# membros" />
            </span>
          </p>
        </div>
      </div>
      <p className="group-creator">
        <Trans>
          Criado por <strong>{group.criador.nome}</strong> <span className="muted">@{shownHandle(group.criador.nomeUsuario, brand.locale)}</span>
        </Trans>
      </p>
      {group.allowedSenders === 'admins' && (
        <p className="muted group-senders">
          <Trans>Só os administradores enviam mensagens.</Trans>
        </p>
      )}
      {plans && group.privado && offered.length > 0 && (
        <dl className="group-plan-list">
          {offered.map((plan) => (
            <div key={plan.extensao}>
              <dt>{names[plan.extensao]}</dt>
              <dd>{formatKz(plan.valor)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
