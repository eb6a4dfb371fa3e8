import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { REPORT_MSG, REPORT_REASON_MAX, type ReportTarget } from '../../../contract/schemas/reports.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { newActionKey, sendReport } from '../../state/moderation.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { useModal } from '../use-modal.ts';
import './moderation.css';

/**
 * "Denunciar": any signed-in user reports a message, a slip or a user with a reason (docs/api/social.md "Reports").
 * The dialog keeps what was written until the server has it; a refusal is said inside it. With `onOpen` the button
 * only says it was pressed, and the caller shows ReportDialog (a virtualised list, whose rows come and go, keeps it
 * outside them).
 */
export function ReportButton({ tipo, id, className, onOpen }: { tipo: ReportTarget; id: string; className?: string; onOpen?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className={className ?? 'mod-report-button'} onClick={onOpen ?? (() => setOpen(true))} aria-haspopup="dialog">
        <Trans>Denunciar</Trans>
      </button>
      {open && <ReportDialog tipo={tipo} id={id} onClose={close} />}
    </>
  );
}

/**
 * The report dialog, put in the page's body (a portal) so it opens above the page wherever its button is: a chat's
 * message list lays its rows out in a box of its own (virtua), where a fixed layer would be clipped and drawn under
 * the next rows.
 */
export function ReportDialog({ tipo, id, onClose }: { tipo: ReportTarget; id: string; onClose: () => void }) {
  const { t } = useLingui();
  const showToast = useSetAtom(showToastAtom);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // One key per report being written: a retry after a lost answer is not a second report.
  const key = useRef(newActionKey());
  const fieldId = useId();
  const errorId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useModal(form, onClose, { focus: 'textarea' });

  const what = tipo === 'mensagem' ? t`esta mensagem` : tipo === 'ficha' ? t`esta ficha` : t`este usuario`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!motivo.trim()) {
      setError(t`Indique o motivo da denúncia`);
      area.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    const result = await sendReport({ tipo, id, motivo: motivo.trim() }, key.current);
    setSending(false);
    if (!result.ok) {
      setError(translateServerMessage(result.message));
      return;
    }
    showToast({ kind: 'success', text: translateServerMessage(result.message || REPORT_MSG.reported) });
    onClose();
  };

  return createPortal(
    <div className="drawer-layer centred" role="presentation" onClick={onClose}>
      <form
        ref={form}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${fieldId}-title`}
        onClick={(event) => event.stopPropagation()}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <h2 className="dialog-title" id={`${fieldId}-title`}>
          <Trans>Denunciar {what}</Trans>
        </h2>
        <div className={error ? 'mod-field mod-field-invalid' : 'mod-field'}>
          <label htmlFor={fieldId}>
            <Trans>Motivo da denúncia</Trans>
          </label>
          <textarea
            ref={area}
            id={fieldId}
            value={motivo}
            maxLength={REPORT_REASON_MAX}
            onChange={(event) => setMotivo(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            required
          />
          {error && (
            <p className="field-error" id={errorId} role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="row dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </button>
          <button type="submit" className="button" disabled={sending}>
            <Trans>Enviar denúncia</Trans>
          </button>
        </div>
      </form>
    </div>,
    document.body,
  );
}
