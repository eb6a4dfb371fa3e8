import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { FileButton } from '../../FileButton.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { IMAGE_MAX_BYTES } from '../../../../contract/limits.ts';
import { MSG } from '../../../../contract/messages.ts';
import {
  GROUP_PLAN_MAX,
  GROUP_PLAN_MIN,
  GROUP_PLANS,
  type AllowedSenders,
  type GroupPlanName,
  type GroupSummary,
  type UpdateGroupRequest,
} from '../../../../contract/schemas/groups.ts';
import { normalizePlans, validateGroupFields } from '../../../../contract/validation/social.ts';
import { fileToDataUrl } from '../../../lib/file-to-data-url.ts';
import { translateServerMessage } from '../../../i18n/server-message.ts';

type FieldName = 'nome' | 'imagem' | 'planos';

/**
 * Edit a group (SPEC §5 group edit, the same limits and messages as creating one): name 3–50, image up to 1,000,000
 * bytes, open or private, the three plans only when private, and who may send. Only what changed is sent.
 */
export function EditGroupForm({ group, onSave, onCancel }: { group: GroupSummary; onSave: (changes: UpdateGroupRequest) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [nome, setNome] = useState(group.nome);
  // undefined: the image is not being changed; null: it is being removed; a data URL: the new image.
  const [imagem, setImagem] = useState<string | null | undefined>(undefined);
  const [privado, setPrivado] = useState(group.privado);
  const [allowedSenders, setAllowedSenders] = useState<AllowedSenders>(group.allowedSenders);
  const [planos, setPlanos] = useState<Record<GroupPlanName, string>>(() => {
    const plans = normalizePlans(group.planos);
    return Object.fromEntries(plans.map((plan) => [plan.extensao, plan.valor > 0 ? String(plan.valor) : ''])) as Record<GroupPlanName, string>;
  });
  const [error, setError] = useState<{ field: FieldName; message: string } | null>(null);
  const shown = imagem === undefined ? group.imagem : imagem;
  const planNames: Record<GroupPlanName, string> = { semanal: t`Plano semanal (Kz)`, mensal: t`Plano mensal (Kz)`, anual: t`Plano anual (Kz)` };

  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      event.target.value = '';
      return setError({ field: 'imagem', message: translateServerMessage(MSG.imageTooHeavy) });
    }
    setError(null);
    setImagem(await fileToDataUrl(file));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = GROUP_PLANS.map((extensao) => ({ extensao, valor: Number(planos[extensao] || 0) }));
    const checked = validateGroupFields({ nome, privado, planos: values });
    if (!checked.ok) return setError({ field: checked.field, message: translateServerMessage(checked.message) });
    const before = normalizePlans(group.planos);
    const plansChanged = privado && checked.value.planos.some((plan, index) => plan.valor !== before[index]?.valor);
    const changes: UpdateGroupRequest = {
      ...(checked.value.nome !== group.nome ? { nome: checked.value.nome } : {}),
      ...(imagem !== undefined ? { imagem } : {}),
      ...(privado !== group.privado ? { privado } : {}),
      ...(allowedSenders !== group.allowedSenders ? { allowedSenders } : {}),
      ...(plansChanged ? { planos: checked.value.planos } : {}),
    };
    setError(null);
    if (Object.keys(changes).length === 0) return onCancel();
    onSave(changes);
  };

  const fieldError = (field: FieldName) =>
    error?.field === field ? (
      <span className="field-error" id={`${id}-${field}-error`} role="alert">
        {error.message}
      </span>
    ) : null;
  const describedBy = (field: FieldName) => (error?.field === field ? `${id}-${field}-error` : undefined);

  return (
    <form className="form group-edit-form" onSubmit={submit} noValidate aria-label={t`Editar grupo`}>
      <div className={error?.field === 'nome' ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${id}-nome`}>
          <Trans>Nome do grupo</Trans>
        </label>
        <input
          id={`${id}-nome`}
          value={nome}
          maxLength={200}
          aria-invalid={error?.field === 'nome' ? true : undefined}
          aria-describedby={describedBy('nome')}
          onChange={(event) => setNome(event.target.value)}
        />
        {fieldError('nome')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-imagem`}>
          <Trans>Imagem do grupo</Trans>
        </label>
        <div className="photo-row">
          {shown ? <img src={shown} alt="" className="avatar-preview" /> : <span className="avatar-preview empty" />}
          <FileButton
            id={`${id}-imagem`}
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-invalid={error?.field === 'imagem' ? true : undefined}
            aria-describedby={describedBy('imagem')}
            onChange={(event) => void pickImage(event)}
          >
            {shown ? <Trans>Mudar imagem</Trans> : <Trans>Escolher imagem</Trans>}
          </FileButton>
        </div>
        {shown && (
          <button type="button" className="button button-secondary button-small group-inline" onClick={() => setImagem(null)}>
            <Trans>Remover imagem</Trans>
          </button>
        )}
        {fieldError('imagem')}
      </div>
      <fieldset className="group-choice">
        <legend>
          <Trans>Privacidade</Trans>
        </legend>
        <label>
          <input type="radio" name={`${id}-privado`} checked={!privado} onChange={() => setPrivado(false)} /> <Trans>Aberto</Trans>
        </label>
        <label>
          <input type="radio" name={`${id}-privado`} checked={privado} onChange={() => setPrivado(true)} /> <Trans>Privado</Trans>
        </label>
      </fieldset>
      {privado && (
        <fieldset className="group-choice group-plans-fields">
          <legend>
            <Trans>Planos</Trans>
          </legend>
          {GROUP_PLANS.map((plan) => (
            <div key={plan} className={error?.field === 'planos' ? 'field field-invalid' : 'field'}>
              <label htmlFor={`${id}-plano-${plan}`}>{planNames[plan]}</label>
              <input
                id={`${id}-plano-${plan}`}
                type="number"
                inputMode="numeric"
                min={GROUP_PLAN_MIN}
                max={GROUP_PLAN_MAX}
                step={1}
                value={planos[plan]}
                aria-describedby={describedBy('planos')}
                onChange={(event) => setPlanos((current) => ({ ...current, [plan]: event.target.value }))}
              />
            </div>
          ))}
          {fieldError('planos')}
        </fieldset>
      )}
      <fieldset className="group-choice">
        <legend>
          <Trans>Quem pode enviar mensagens</Trans>
        </legend>
        <label>
          <input type="radio" name={`${id}-senders`} checked={allowedSenders === 'all'} onChange={() => setAllowedSenders('all')} />{' '}
          <Trans>Todos os membros</Trans>
        </label>
        <label>
          <input type="radio" name={`${id}-senders`} checked={allowedSenders === 'admins'} onChange={() => setAllowedSenders('admins')} />{' '}
          <Trans>Só administradores</Trans>
        </label>
      </fieldset>
      <div className="row dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          <Trans>Cancelar</Trans>
        </button>
        <button type="submit" className="button">
          <Trans>Guardar alterações</Trans>
        </button>
      </div>
    </form>
  );
}
