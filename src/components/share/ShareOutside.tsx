import { useEffect, useId, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ficha } from '../../../contract/schemas/slips.ts';
import { brand } from '../../i18n/brand.ts';
import { showToastAtom } from '../../state/toasts.ts';
import './share-outside.css';
import { shownHandle } from '../../../contract/official-account.ts';

/** The public slip's address (/{nomeUsuario}/fichas/{fichaId}), whose page unfolds into a preview in other apps. */
function publicSlipUrl(ficha: Pick<Ficha, 'id' | 'usuario'>, origin = location.origin): string {
  return `${origin}/${encodeURIComponent(ficha.usuario.nomeUsuario)}/fichas/${encodeURIComponent(ficha.id)}`;
}

/** WhatsApp's own share address: it opens the app (or WhatsApp Web) with the text ready to send. */
function whatsAppUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * "Partilhar ligação" (docs/api/betting.md "Shared outside the app (link previews)"): the public slip's link through
 * the phone's share sheet (Web Share API), so it reaches WhatsApp, Facebook or Telegram and unfolds there into the
 * slip's preview. Where the browser has no share sheet (most desktops), a small sheet with "Copiar ligação" and a
 * WhatsApp link instead.
 */
export function ShareOutside({ ficha }: { ficha: Ficha }) {
  const { t } = useLingui();
  const toast = useSetAtom(showToastAtom);
  const [sheet, setSheet] = useState(false);
  const [copied, setCopied] = useState(false);
  const sheetId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const url = publicSlipUrl(ficha);
  const nomeUsuario = shownHandle(ficha.usuario.nomeUsuario, brand.locale);
  const brandName = brand.name;
  const title = t`Ficha de @${nomeUsuario} no ${brandName}`;

  useEffect(() => {
    if (sheet) copyRef.current?.focus();
  }, [sheet]);

  const share = async () => {
    if (typeof navigator.share !== 'function') {
      setSheet((open) => !open);
      return;
    }
    try {
      await navigator.share({ title, text: title, url });
    } catch (error) {
      // Closing the share sheet is no failure; anything else (not allowed here, no target) falls back to the sheet.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setSheet(true);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ kind: 'success', text: t`Ligação copiada` });
    } catch {
      // No clipboard access (an old browser, an insecure page): the address is selected for the person to copy.
      inputRef.current?.select();
      toast({ kind: 'error', text: t`Não foi possível copiar. Selecciona a ligação e copia-a.` });
    }
  };

  return (
    <section className="share-outside" aria-label={t`Fora da aplicação`}>
      <div className="share-outside-head">
        <span className="share-outside-text">
          <span className="share-outside-title">
            <Trans>Fora da aplicação</Trans>
          </span>
          <span className="share-outside-hint">
            <Trans>Envia a ligação pública da ficha pelo WhatsApp, Facebook ou Telegram.</Trans>
          </span>
        </span>
        <button type="button" className="button button-small" aria-expanded={sheet} aria-controls={sheetId} onClick={() => void share()}>
          <svg className="bet-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1m2 5a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />
          </svg>
          <Trans>Partilhar ligação</Trans>
        </button>
      </div>
      {sheet && (
        <div id={sheetId} className="share-outside-sheet">
          <input
            ref={inputRef}
            className="share-outside-url"
            type="url"
            readOnly
            value={url}
            aria-label={t`Ligação da ficha`}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="share-outside-actions">
            <button ref={copyRef} type="button" className="button button-small button-secondary" onClick={() => void copy()}>
              {copied ? <Trans>Ligação copiada</Trans> : <Trans>Copiar ligação</Trans>}
            </button>
            <a className="button button-small share-whatsapp" href={whatsAppUrl(`${title} ${url}`)} target="_blank" rel="noopener noreferrer">
              <Trans>Enviar pelo WhatsApp</Trans>
            </a>
          </div>
        </div>
      )}
    </section>
  );
}
