import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { IMAGE_MAX_BYTES } from '../../contract/limits.ts';
import { MSG } from '../../contract/messages.ts';
import { decodeImageDataUrl } from '../../contract/data-url.ts';
import { GROUP_PLAN_MAX, GROUP_PLAN_MIN, GROUP_PLANS, type AllowedSenders, type GroupPlanName } from '../../contract/schemas/groups.ts';
import { validateGroupFields } from '../../contract/validation/social.ts';
import { createGroupAtom } from '../state/groups.ts';
import { translateServerMessage } from '../i18n/server-message.ts';
import { fileToDataUrl } from '../lib/file-to-data-url.ts';
import { Field } from '../components/auth/Field.tsx';
import '../components/groups/groups.css';

type FieldName = 'nome' | 'imagem' | 'planos' | 'form';

/** Whether a picked file really is an image the browser can draw (a renamed file is not). */
async function drawable(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * /dashboard/comunidade/grupos/criargrupo: a new group (SPEC §2, §5). It is saved on this phone and sent through the
 * outbox, so it can be made offline: the list shows it at once as waiting to be sent.
 */
export default function GroupCreate() {
  const { t } = useLingui();
  const create = useSetAtom(createGroupAtom);
  const [, navigate] = useLocation();
  const [nome, setNome] = useState('');
  const [imagem, setImagem] = useState<string | null>(null);
  const [privado, setPrivado] = useState(false);
  const [allowedSenders, setAllowedSenders] = useState<AllowedSenders>('all');
  const [plans, setPlans] = useState<Record<GroupPlanName, string>>({ semanal: '', mensal: '', anual: '' });
  const [error, setError] = useState<{ field: FieldName; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const planLabels: Record<GroupPlanName, string> = { semanal: t`Plano semanal`, mensal: t`Plano mensal`, anual: t`Plano anual` };

  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    const refuse = (message: string) => {
      input.value = '';
      setImagem(null);
      setError({ field: 'imagem', message: translateServerMessage(message) });
    };
    if (!file.type.startsWith('image/')) return refuse(MSG.imageProblem);
    if (file.size > IMAGE_MAX_BYTES) return refuse(MSG.imageTooHeavy);
    const dataUrl = await fileToDataUrl(file).catch(() => null);
    if (!dataUrl || !decodeImageDataUrl(dataUrl) || !(await drawable(file))) return refuse(MSG.imageProblem);
    if (error?.field === 'imagem') setError(null);
    setImagem(dataUrl);
  };

  const planValue = (name: GroupPlanName) => {
    const raw = plans[name].replace(/[\s.]/g, '');
    return raw === '' ? Number.NaN : Number(raw);
  };
  const planInvalid = (name: GroupPlanName) => {
    const value = planValue(name);
    return !Number.isInteger(value) || value < GROUP_PLAN_MIN || value > GROUP_PLAN_MAX;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const planos = GROUP_PLANS.map((extensao) => ({ extensao, valor: privado ? planValue(extensao) : 0 }));
    const checked = validateGroupFields({ nome, privado, planos });
    if (!checked.ok) return setError({ field: checked.field === 'planos' ? 'planos' : 'nome', message: translateServerMessage(checked.message) });
    setBusy(true);
    const result = await create({ nome: checked.value.nome, imagem, privado, allowedSenders, planos: checked.value.planos });
    setBusy(false);
    if (!result.ok) {
      const message = translateServerMessage(result.message);
      // Shown once, on the form (components/form-error.ts).
      return setError({ field: 'form', message });
    }
    navigate('/dashboard/comunidade/grupos');
  };

  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">
          <Trans>Criar grupo</Trans>
        </h1>
        <Link href="/dashboard/comunidade/grupos">
          <Trans>Voltar aos grupos</Trans>
        </Link>
      </div>
      <form className="form grp-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={t`Nome do grupo`}
          name="nome"
          value={nome}
          maxLength={80}
          autoComplete="off"
          onChange={(event) => setNome(event.target.value)}
          error={error?.field === 'nome' ? error.message : null}
          hint={<Trans>Entre 3 e 50 caracteres.</Trans>}
        />
        <div className={error?.field === 'imagem' ? 'field field-invalid' : 'field'}>
          <label htmlFor="field-imagem">
            <Trans>Imagem do grupo</Trans>
          </label>
          <div className="photo-row">
            {imagem ? <img src={imagem} alt="" /> : <span className="avatar-preview empty" />}
            <input
              id="field-imagem"
              name="imagem"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              aria-invalid={error?.field === 'imagem' ? true : undefined}
              aria-describedby={error?.field === 'imagem' ? 'imagem-error' : 'imagem-hint'}
              onChange={(event) => void pickImage(event)}
            />
          </div>
          <span className="field-hint" id="imagem-hint">
            <Trans>Opcional. Até 1 MB.</Trans>
          </span>
          {imagem && (
            <button type="button" className="button button-secondary button-small" onClick={() => setImagem(null)}>
              <Trans>Remover imagem</Trans>
            </button>
          )}
          {error?.field === 'imagem' && (
            <span className="field-error" id="imagem-error" role="alert">
              {error.message}
            </span>
          )}
        </div>
        <fieldset role="radiogroup" aria-labelledby="privacy-legend">
          <legend id="privacy-legend">
            <Trans>Privacidade</Trans>
          </legend>
          <label className="grp-choice">
            <input type="radio" name="privado" value="aberto" checked={!privado} onChange={() => setPrivado(false)} />
            <Trans>Aberto</Trans>
          </label>
          <label className="grp-choice">
            <input type="radio" name="privado" value="privado" checked={privado} onChange={() => setPrivado(true)} />
            <Trans>Privado</Trans>
          </label>
        </fieldset>
        {privado && (
          <fieldset aria-describedby={error?.field === 'planos' ? 'planos-error' : 'planos-hint'}>
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
                  label={planLabels[name]}
                  name={`plano-${name}`}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="Kz"
                  value={plans[name]}
                  aria-invalid={error?.field === 'planos' && planInvalid(name) ? true : undefined}
                  onChange={(event) => setPlans((current) => ({ ...current, [name]: event.target.value }))}
                />
              ))}
            </div>
            {error?.field === 'planos' && (
              <span className="field-error" id="planos-error" role="alert">
                {error.message}
              </span>
            )}
          </fieldset>
        )}
        <fieldset role="radiogroup" aria-labelledby="senders-legend">
          <legend id="senders-legend">
            <Trans>Quem pode enviar mensagens</Trans>
          </legend>
          <label className="grp-choice">
            <input type="radio" name="allowedSenders" value="all" checked={allowedSenders === 'all'} onChange={() => setAllowedSenders('all')} />
            <Trans>Todos</Trans>
          </label>
          <label className="grp-choice">
            <input type="radio" name="allowedSenders" value="admins" checked={allowedSenders === 'admins'} onChange={() => setAllowedSenders('admins')} />
            <Trans>Só administradores</Trans>
          </label>
        </fieldset>
        {error?.field === 'form' && (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          <Trans>Criar grupo</Trans>
        </button>
      </form>
    </section>
  );
}
