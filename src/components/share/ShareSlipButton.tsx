import { lazy, Suspense, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { Ficha } from '../../../contract/schemas/slips.ts';
import { withLaterCatalog } from '../../i18n/later-catalog.ts';

// Its texts are in the later catalog, loaded with it (src/i18n/later-catalog.ts).
const ShareDialog = lazy(() => withLaterCatalog(() => import('./ShareDialog.tsx'))().then((module) => ({ default: module.ShareDialog })));

/** "Partilhar" on a slip (my slips, the slip page, the public slip): opens the share dialog. */
export function ShareSlipButton({ ficha }: { ficha: Ficha }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-small button-secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <svg className="bet-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm12 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        <Trans>Partilhar</Trans>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog ficha={ficha} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
