import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { FileButton } from '../FileButton.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MyProfileUser } from '../../../contract/schemas/profile.ts';
import { validateDisplayName } from '../../../contract/validation/social.ts';
import { IMAGE_MAX_BYTES } from '../../../contract/limits.ts';
import { MSG } from '../../../contract/messages.ts';
import { updateAccountAtom, type AccountChanges } from '../../state/account.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { fileToDataUrl } from '../../lib/file-to-data-url.ts';
import { Field } from '../auth/Field.tsx';

type FieldName = 'nome' | 'fotografia';

/** Name and photo (SPEC §5 limits); saved on this phone first and sent through the outbox. */
export function ProfileSection({ account }: { account: MyProfileUser }) {
  const { t } = useLingui();
  const update = useSetAtom(updateAccountAtom);
  const [nome, setNome] = useState(account.nome);
  // undefined: the photo is not being changed; null: it is being removed.
  const [photo, setPhoto] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<{ field: FieldName | 'form'; message: string } | null>(null);
  const shown = photo === undefined ? account.fotografia : photo;

  const pickPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      event.target.value = '';
      return setError({ field: 'fotografia', message: translateServerMessage(MSG.photoTooLarge) });
    }
    setError(null);
    setPhoto(await fileToDataUrl(file));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateDisplayName(nome);
    if (!checked.ok) return setError({ field: 'nome', message: translateServerMessage(checked.message) });
    const changes: AccountChanges = {
      ...(checked.value !== account.nome ? { nome: checked.value } : {}),
      ...(photo !== undefined ? { fotografia: photo } : {}),
    };
    if (Object.keys(changes).length === 0) return setError(null);
    const result = await update(changes);
    if (!result.ok) {
      const message = translateServerMessage(result.message);
      // Shown once, on the form (components/form-error.ts).
      return setError({ field: 'form', message });
    }
    setError(null);
    setPhoto(undefined);
  };

  return (
    <section className="settings-section" aria-labelledby="settings-profile">
      <h2 className="section-title" id="settings-profile">
        <Trans>Perfil</Trans>
      </h2>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field photo-field">
          <label htmlFor="field-fotografia">
            <Trans>Fotografia</Trans>
          </label>
          <div className="photo-row">
            {shown ? <img src={shown} alt="" className="avatar-preview" /> : <span className="avatar-preview empty" />}
            <FileButton
              id="field-fotografia"
              name="fotografia"
              accept="image/png,image/jpeg,image/webp"
              aria-invalid={error?.field === 'fotografia' ? true : undefined}
              aria-describedby={error?.field === 'fotografia' ? 'fotografia-error' : undefined}
              onChange={(event) => void pickPhoto(event)}
            >
              {shown ? <Trans>Mudar fotografia</Trans> : <Trans>Escolher fotografia</Trans>}
            </FileButton>
          </div>
          {shown && (
            <button type="button" className="button button-secondary button-small settings-inline" onClick={() => setPhoto(null)}>
              <Trans>Remover fotografia</Trans>
            </button>
          )}
          {error?.field === 'fotografia' && (
            <span className="field-error" id="fotografia-error" role="alert">
              {error.message}
            </span>
          )}
        </div>
        <Field
          label={t`Nome completo`}
          name="nome"
          autoComplete="name"
          value={nome}
          onChange={(event) => setNome(event.target.value)}
          error={error?.field === 'nome' ? error.message : null}
        />
        {error?.field === 'form' && (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        )}
        <button type="submit" className="button">
          <Trans>Guardar perfil</Trans>
        </button>
      </form>
    </section>
  );
}
