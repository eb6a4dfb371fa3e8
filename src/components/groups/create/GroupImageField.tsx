import type { ChangeEvent } from 'react';
import { FileButton } from '../../FileButton.tsx';
import { Trans } from '@lingui/react/macro';
import { IMAGE_MAX_BYTES } from '../../../../contract/limits.ts';
import { MSG } from '../../../../contract/messages.ts';
import { decodeImageDataUrl } from '../../../../contract/data-url.ts';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { fileToDataUrl } from '../../../lib/file-to-data-url.ts';

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
 * A new group's image (SPEC §5: at most 1,000,000 bytes, 'Envie uma imagem mais leve'): a file that is not an image
 * the browser can draw is refused at once, under the field, and the field is emptied.
 */
export function GroupImageField({
  imagem,
  error,
  onChange,
  onError,
}: {
  imagem: string | null;
  error: string | null;
  onChange: (imagem: string | null) => void;
  onError: (message: string | null) => void;
}) {
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    const refuse = (message: string) => {
      input.value = '';
      onChange(null);
      onError(translateServerMessage(message));
    };
    if (!file.type.startsWith('image/')) return refuse(MSG.imageProblem);
    if (file.size > IMAGE_MAX_BYTES) return refuse(MSG.imageTooHeavy);
    const dataUrl = await fileToDataUrl(file).catch(() => null);
    if (!dataUrl || !decodeImageDataUrl(dataUrl) || !(await drawable(file))) return refuse(MSG.imageProblem);
    onError(null);
    onChange(dataUrl);
  };

  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor="field-imagem">
        <Trans>Imagem do grupo</Trans>
      </label>
      <div className="photo-row">
        {imagem ? <img src={imagem} alt="" /> : <span className="avatar-preview empty" />}
        <FileButton
          id="field-imagem"
          name="imagem"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'imagem-error' : 'imagem-hint'}
          onChange={(event) => void pick(event)}
        >
          {imagem ? <Trans>Mudar imagem</Trans> : <Trans>Escolher imagem</Trans>}
        </FileButton>
      </div>
      <span className="field-hint" id="imagem-hint">
        <Trans>Opcional. Até 1 MB.</Trans>
      </span>
      {imagem && (
        <button type="button" className="button button-secondary button-small" onClick={() => onChange(null)}>
          <Trans>Remover imagem</Trans>
        </button>
      )}
      {error && (
        <span className="field-error" id="imagem-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
