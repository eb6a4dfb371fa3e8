import { useRef, type ReactNode } from 'react';
import { useModal } from '../use-modal.ts';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../Icon.tsx';

/**
 * A modal of the subscription page (use-modal.ts: focus moves into it and stays there, Escape and the close button
 * leave it). Every popup here can be closed, so nothing traps the user (docs/decisions.md).
 */
export function LicenceDialog({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref, onClose, { focus: 'box' });
  return (
    <div className="drawer-layer centred" role="presentation" onClick={onClose}>
      <div
        ref={ref}
        tabIndex={-1}
        className={wide ? 'dialog licence-dialog wide' : 'dialog licence-dialog'}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onClick={(event) => event.stopPropagation()}
      >
        <div className="licence-dialog-head">
          <h2 className="dialog-title">{title}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t`Fechar`}>
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
