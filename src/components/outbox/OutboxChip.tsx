import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { pendingCountAtom, rejectedCountAtom } from '../../state/outbox.ts';
// The list is in the shell, not a chunk of its own: it is what a phone that just lost its connection opens, before
// the service worker may have cached anything lazy (about 1 KB gzip).
import { OutboxPanel } from './OutboxPanel.tsx';

/** The header's count of changes saved on this phone and not yet sent; opens the list. */
export function OutboxChip() {
  const pending = useAtomValue(pendingCountAtom);
  const rejected = useAtomValue(rejectedCountAtom);
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  if (pending === 0 && rejected === 0) return null;
  const shown = rejected > 0 ? plural(rejected, { one: '# recusada', other: '# recusadas' }) : plural(pending, { one: '# por enviar', other: '# por enviar' });
  return (
    <>
      <button
        type="button"
        className={rejected > 0 ? 'outbox-chip rejected' : 'outbox-chip'}
        onClick={() => setOpen(true)}
        // The name holds what the chip shows (WCAG 2.5.3).
        aria-label={t`Alterações por enviar: ${shown}`}
      >
        {shown}
      </button>
      {open && <OutboxPanel onClose={() => setOpen(false)} />}
    </>
  );
}
