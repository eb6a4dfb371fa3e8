import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { dismissToastAtom, toastsAtom } from '../state/toasts.ts';
import { Icon } from './Icon.tsx';
import './chat/attention.css';

/**
 * At most this many toasts show at once, so they never cover a 360 px phone's screen: the newest; an older one shows
 * again if a newer one goes first.
 */
const SHOWN = 3;

/**
 * Toasts top-right (top-centre at 650 px or less) under the header, never over its controls; a close button except on
 * loading toasts (SPEC §2).
 */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  const { t } = useLingui();
  return (
    <div className="toaster" aria-live="polite">
      {toasts.slice(-SHOWN).map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          {toast.kind === 'loading' && <span className="spinner-small" aria-hidden="true" />}
          {toast.open ? (
            <Link
              href={toast.open.href}
              className="toast-text toast-open"
              onClick={() => {
                toast.open?.onOpen?.();
                dismiss(toast.id);
              }}
            >
              <span className="toast-title">{toast.text}</span>
              {toast.detail && <span className="toast-detail">{toast.detail}</span>}
            </Link>
          ) : (
            <span className="toast-text">{toast.text}</span>
          )}
          {toast.action && (
            <Link href={toast.action.href} className="toast-action" onClick={() => dismiss(toast.id)}>
              {toast.action.label}
            </Link>
          )}
          {toast.kind !== 'loading' && (
            <button type="button" className="toast-close" onClick={() => dismiss(toast.id)} aria-label={t`Fechar`}>
              <Icon name="close" size={16} />
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
