import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field } from '../components/auth/Field.tsx';
import { ChoiceFieldset } from '../components/groups/create/ChoiceFieldset.tsx';
import { GroupImageField } from '../components/groups/create/GroupImageField.tsx';
import { GroupPlansFields } from '../components/groups/create/GroupPlansFields.tsx';
import { useNewGroupForm } from '../components/groups/create/use-new-group-form.ts';
import '../components/groups/groups.css';

/**
 * /dashboard/comunidade/grupos/criargrupo: a new group (SPEC §2, §5). It is saved on this phone and sent through the
 * outbox, so it can be made offline; once made, the new group opens (by its server id online, by the phone's
 * `local:` id offline, whose page moves to the server id when the server has it).
 */
export default function GroupCreate() {
  const { t } = useLingui();
  const { values, set, errors, planInvalid, busy, onSubmit } = useNewGroupForm();
  const { formRef, errorFor, setField } = errors;
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">
          <Trans>Criar grupo</Trans>
        </h1>
        <Link href="/dashboard/comunidade/grupos" className="back-link">
          <Trans>Voltar aos grupos</Trans>
        </Link>
      </div>
      <form ref={formRef} className="form grp-form" onSubmit={onSubmit} noValidate>
        <Field
          label={t`Nome do grupo`}
          name="nome"
          value={values.nome}
          maxLength={80}
          autoComplete="off"
          onChange={(event) => set.nome(event.target.value)}
          error={errorFor('nome')}
          hint={<Trans>Entre 3 e 50 caracteres.</Trans>}
        />
        <GroupImageField imagem={values.imagem} error={errorFor('imagem')} onChange={set.imagem} onError={(message) => setField('imagem', message)} />
        <ChoiceFieldset
          legend={t`Privacidade`}
          name="privado"
          options={[
            { value: 'aberto', label: t`Aberto` },
            { value: 'privado', label: t`Privado` },
          ]}
          value={values.privado ? 'privado' : 'aberto'}
          onChange={(value) => set.privado(value === 'privado')}
        />
        {values.privado && <GroupPlansFields plans={values.plans} error={errorFor('planos')} invalid={planInvalid} onChange={set.plan} />}
        <ChoiceFieldset
          legend={t`Quem pode enviar mensagens`}
          name="allowedSenders"
          options={[
            { value: 'all', label: t`Todos` },
            { value: 'admins', label: t`Só administradores` },
          ]}
          value={values.allowedSenders}
          onChange={set.allowedSenders}
        />
        {errorFor('form') && (
          <p className="form-error" role="alert">
            {errorFor('form')}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? <Trans>A criar grupo...</Trans> : <Trans>Criar grupo</Trans>}
        </button>
      </form>
    </section>
  );
}
