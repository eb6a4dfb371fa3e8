import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Plural, useLingui } from '@lingui/react/macro';
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
  return (
    <>
      <button
        type="button"
        className={rejected > 0 ? 'outbox-chip rejected' : 'outbox-chip'}
        onClick={() => setOpen(true)}
        aria-label={t`Alterações por enviar`}
      >
        {rejected > 0 ? <Plural value={rejected} one="# recusada" other="# recusadas" /> : <Plural value={pending} one="# por enviar" other="# por enviar" />}
      </button>
      {open && <OutboxPanel onClose={() => setOpen(false)} />}
    </>
  );
}
