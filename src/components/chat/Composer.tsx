import { useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { IMAGE_MAX_BYTES } from '../../../contract/limits.ts';
import { MSG } from '../../../contract/messages.ts';
import { MESSAGE_MAX_CHARS, MESSAGE_MAX_IMAGES } from '../../../contract/schemas/chats.ts';
import { validateMessage } from '../../../contract/validation/social.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { fileToDataUrl } from '../../lib/file-to-data-url.ts';
import { Icon } from '../Icon.tsx';

/** What the composer hands to the chat: the trimmed text and up to 2 image data URLs. */
export interface ComposedMessage {
  mensagem: string;
  imagens: string[];
}

/** The image types a message may carry (the server checks the bytes too). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Shown once the text is this close to the limit: how many characters are left. */
const COUNT_FROM = MESSAGE_MAX_CHARS - 200;

/**
 * The message box: text and up to 2 images (each at most 1,000,000 bytes), checked with the server's own rules
 * before anything is saved. Enter sends, Shift+Enter breaks the line; text and images are cleared once the message
 * is saved on the phone. `notice`, when given, replaces the box and says why this user cannot write here (e.g. only
 * administrators may send).
 */
export function Composer({
  onSend,
  disabled,
  notice,
}: {
  onSend: (message: ComposedMessage) => Promise<boolean>;
  disabled?: boolean;
  notice?: ReactNode;
}) {
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const { t } = useLingui();
  if (notice) {
    return (
      <p className="composer composer-notice notice" role="status">
        {notice}
      </p>
    );
  }

  const refuse = (message: string) => setProblem(translateServerMessage(message));

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || disabled) return;
    const checked = validateMessage(text, images);
    if (!checked.ok) {
      refuse(checked.message);
      return;
    }
    setProblem(null);
    setBusy(true);
    if (await onSend({ mensagem: checked.value, imagens: images })) {
      setText('');
      setImages([]);
    }
    setBusy(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  };

  const attach = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same file may be picked again after being removed.
    event.target.value = '';
    const added: string[] = [];
    let refusal: string | null = null;
    for (const file of files) {
      if (images.length + added.length >= MESSAGE_MAX_IMAGES) {
        refusal = MSG.messageTooManyImages;
        break;
      }
      if (!IMAGE_TYPES.includes(file.type)) {
        refusal = MSG.imageProblem;
        continue;
      }
      if (file.size > IMAGE_MAX_BYTES) {
        refusal = MSG.imageTooHeavy;
        continue;
      }
      try {
        added.push(await fileToDataUrl(file));
      } catch {
        refusal = MSG.imageProblem;
      }
    }
    if (added.length > 0) setImages((current) => [...current, ...added].slice(0, MESSAGE_MAX_IMAGES));
    if (refusal) refuse(refusal);
    else setProblem(null);
  };

  const left = MESSAGE_MAX_CHARS - text.length;
  return (
    <form className="composer" onSubmit={(event) => void send(event)}>
      {problem && (
        <p id={problemId} className="composer-problem" role="alert">
          {problem}
        </p>
      )}
      {images.length > 0 && (
        <ul className="composer-images" aria-label={t`Imagens a enviar`}>
          {images.map((image, index) => (
            <li key={`${index}:${image.length}`} className="composer-image">
              <img src={image} alt={t`Imagem ${index + 1}`} />
              <button
                type="button"
                className="icon-button composer-remove"
                aria-label={t`Remover imagem`}
                onClick={() => {
                  setImages((current) => current.filter((_, position) => position !== index));
                  setProblem(null);
                }}
              >
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="composer-row">
        <button
          type="button"
          className="icon-button composer-attach"
          aria-label={t`Anexar imagem`}
          disabled={disabled || busy}
          onClick={() => {
            if (images.length >= MESSAGE_MAX_IMAGES) refuse(MSG.messageTooManyImages);
            else fileInput.current?.click();
          }}
        >
          <Icon name="plus" />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          hidden
          aria-label={t`Anexar imagem`}
          onChange={(event) => void attach(event)}
        />
        <textarea
          className="input composer-input"
          aria-label={t`Mensagem`}
          aria-invalid={left < 0 || undefined}
          aria-describedby={problem ? problemId : undefined}
          placeholder={t`Mensagem`}
          rows={1}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button composer-send" disabled={disabled || busy}>
          <Trans>Enviar</Trans>
        </button>
      </div>
      {text.length > COUNT_FROM && (
        <span className={left < 0 ? 'composer-count over' : 'composer-count'} aria-live="polite">
          {left}
        </span>
      )}
    </form>
  );
}
