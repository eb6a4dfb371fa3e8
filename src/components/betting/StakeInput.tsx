import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEBOUNCE_MS, SLIP_MIN_STAKE } from '../../../contract/limits.ts';

export interface StakeHandle {
  /** Writes a stake still waiting for its debounce (Bater Ficha must send what is on screen). */
  flush: () => Promise<void>;
}

/** The stake in Kz, written to the slip 500 ms after the last key (SPEC §5), with the minimum-stake rule. */
export function StakeInput({ valor, onChange, handle }: { valor: number; onChange: (valor: number) => Promise<unknown>; handle: { current: StakeHandle | null } }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState(String(valor));
  const [seen, setSeen] = useState(valor);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The stored stake changed elsewhere (cleared, another tab): show it unless it is what is being typed.
  if (valor !== seen) {
    setSeen(valor);
    if (Number(text) !== valor) setText(String(valor));
  }

  const parsed = text.trim() === '' ? 0 : Number(text);
  const tooLow = !Number.isFinite(parsed) || parsed < SLIP_MIN_STAKE;

  useEffect(() => {
    handle.current = {
      flush: async () => {
        if (timer.current === null) return;
        clearTimeout(timer.current);
        timer.current = null;
        await onChange(parsed);
      },
    };
  });
  useEffect(() => () => {
    if (timer.current !== null) clearTimeout(timer.current);
  }, []);

  const change = (value: string) => {
    const cleaned = value.replace(/[^\d]/g, '').slice(0, 10);
    setText(cleaned);
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void onChange(cleaned === '' ? 0 : Number(cleaned));
    }, DEBOUNCE_MS);
  };

  return (
    <div className={tooLow ? 'field stake-field field-invalid' : 'field stake-field'}>
      <label htmlFor={id}>
        <Trans>Valor da aposta (Kz)</Trans>
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => change(event.target.value)}
        aria-invalid={tooLow}
        aria-describedby={tooLow ? `${id}-error` : undefined}
        placeholder={t`Valor`}
      />
      {tooLow && (
        <p id={`${id}-error`} className="field-error" role="alert">
          <Trans>Aposte pelo menos 100 Kz</Trans>
        </p>
      )}
    </div>
  );
}
