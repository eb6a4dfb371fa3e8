import { useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { LICENCE_CODE_LENGTH } from '../../../contract/limits.ts';
import { redeemCodeAtom } from '../../state/licence.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { codeCharacter, codeFromBoxes } from '../../lib/licence-rules.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

const EMPTY = Array.from({ length: LICENCE_CODE_LENGTH }, () => '');

/** The promo code (SPEC §5): five single-character boxes, uppercased, all required. */
export function PromoCode({ online }: { online: boolean }) {
  const { t } = useLingui();
  const redeem = useSetAtom(redeemCodeAtom);
  const toast = useSetAtom(showToastAtom);
  const [boxes, setBoxes] = useState<string[]>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const type = (index: number, typed: string) => {
    const character = codeCharacter(typed);
    setBoxes((list) => list.map((value, at) => (at === index ? character : value)));
    setMissing((list) => list.filter((number) => number !== index + 1));
    if (character && index < LICENCE_CODE_LENGTH - 1) inputs.current[index + 1]?.focus();
  };

  const submit = async () => {
    const code = codeFromBoxes(boxes);
    if (!code.ok) {
      setMissing(code.missing);
      setError(t`Preencha os 5 caracteres do código`);
      inputs.current[(code.missing[0] ?? 1) - 1]?.focus();
      return;
    }
    setBusy(true);
    const outcome = await redeem(code.code);
    setBusy(false);
    if (outcome.kind === 'ok') {
      setBoxes(EMPTY);
      setError(null);
      toast({ kind: 'success', text: t`Código usado com sucesso` });
    } else {
      setError(`${t`Não foi possivel usar código de subscrição`}: ${translateServerMessage(outcome.message)}`);
    }
  };

  return (
    <form
      className="licence-code form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="code-boxes">
        <legend>
          <Trans>Tem um código de subscrição? Escreva os 5 caracteres.</Trans>
        </legend>
        {boxes.map((value, index) => {
          const number = index + 1;
          return (
            <input
              key={index}
              ref={(element) => {
                inputs.current[index] = element;
              }}
              className="code-box"
              name={`codigo-${number}`}
              aria-label={t`Carácter ${number} do código`}
              aria-invalid={missing.includes(number) || undefined}
              value={value}
              maxLength={2}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              onChange={(event) => type(index, event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Backspace' && !value && index > 0) inputs.current[index - 1]?.focus();
              }}
              onPaste={(event) => {
                const pasted = event.clipboardData.getData('text').toUpperCase().replace(/[^A-Z0-9]/g, '');
                if (pasted.length < 2) return;
                event.preventDefault();
                setBoxes((list) => list.map((old, at) => (at >= index ? (pasted[at - index] ?? old) : old)));
                setMissing([]);
              }}
            />
          );
        })}
      </fieldset>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy || !online}>
        <Trans>Usar código</Trans>
      </button>
    </form>
  );
}
