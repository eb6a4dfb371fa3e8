import { Trans, useLingui } from '@lingui/react/macro';
import { GROUP_PLANS, type GroupPlanName } from '../../../../contract/schemas/groups.ts';
import { Field } from '../../auth/Field.tsx';

export type PlanInputs = Record<GroupPlanName, string>;

/** The three plans of a private group, in Kz as typed; the error under them marks the plans it is about. */
export function GroupPlansFields({
  plans,
  error,
  invalid,
  onChange,
}: {
  plans: PlanInputs;
  error: string | null;
  invalid: (name: GroupPlanName) => boolean;
  onChange: (name: GroupPlanName, value: string) => void;
}) {
  const { t } = useLingui();
  const labels: Record<GroupPlanName, string> = { semanal: t`Plano semanal`, mensal: t`Plano mensal`, anual: t`Plano anual` };
  return (
    <fieldset aria-describedby={error ? 'planos-error' : 'planos-hint'}>
      <legend>
        <Trans>Planos de subscrição (Kz)</Trans>
      </legend>
      <span className="field-hint" id="planos-hint">
        <Trans>Quem não é membro paga um destes planos para entrar. Entre 500 e 1.000.000 Kz.</Trans>
      </span>
      <div className="grp-plans">
        {GROUP_PLANS.map((name) => (
          <Field
            key={name}
            label={labels[name]}
            name={`plano-${name}`}
            inputMode="numeric"
            autoComplete="off"
            placeholder="Kz"
            value={plans[name]}
            aria-invalid={error && invalid(name) ? true : undefined}
            onChange={(event) => onChange(name, event.target.value)}
          />
        ))}
      </div>
      {error && (
        <span className="field-error" id="planos-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
