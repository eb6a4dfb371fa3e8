import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

/** The message box: Enter sends, Shift+Enter breaks the line; the text is cleared once it is saved on the phone. */
export function Composer({ onSend, disabled }: { onSend: (text: string) => Promise<boolean>; disabled?: boolean }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    setBusy(true);
    if (await onSend(value)) setText('');
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
