import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

/** What the composer hands to the chat: the trimmed text and up to 2 image data URLs. */
export interface ComposedMessage {
  mensagem: string;
  imagens: string[];
}

/**
 * The message box: Enter sends, Shift+Enter breaks the line; the text is cleared once it is saved on the phone.
 * `notice`, when given, replaces the box and says why this user cannot write here (e.g. only administrators may send).
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
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  if (notice) {
    return (
      <p className="composer composer-notice notice" role="status">
        {notice}
      </p>
    );
  }
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    setBusy(true);
    if (await onSend({ mensagem: value, imagens: [] })) setText('');
    setBusy(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) void send(event);
  };
  return (
    <form className="composer" onSubmit={(event) => void send(event)}>
      <textarea
        className="input composer-input"
        aria-label={t`Mensagem`}
        placeholder={t`Escreve uma mensagem`}
        rows={1}
        maxLength={2000}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button" disabled={disabled || busy || !text.trim()}>
        <Trans>Enviar</Trans>
      </button>
    </form>
  );
}
