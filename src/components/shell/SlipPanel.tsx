import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { draftCountAtom } from '../../state/slip-builder.ts';
import { Icon } from '../Icon.tsx';
import { bettingCatalog } from '../../i18n/betting-catalog.ts';
import type * as SlipBuilderModuleNs from '../betting/SlipBuilder.tsx';

type SlipBuilderModule = typeof SlipBuilderModuleNs;

// The builder loads after the shell's first paint, so it stays off the entry route's critical path (DESIGN §10); it
// renders once its texts are in the catalog.
let builder: Promise<SlipBuilderModule> | null = null;
function loadSlipBuilder() {
  builder ??= Promise.all([import('../betting/SlipBuilder.tsx'), bettingCatalog]).then(
    ([module]) => module,
    (error: unknown) => {
      // Asked again next time (offline now, a connection later).
      builder = null;
      throw error;
    },
  );
  return builder;
}
const SlipBuilder = lazy(loadSlipBuilder);

/**
 * A phone shows the builder only in its drawer, which the user may first open offline: once the first screen is up,
 * its chunk is fetched anyway (and so kept by the service worker), so Ficha opens without a connection.
 */
export function preloadSlipBuilder(): void {
  void loadSlipBuilder().catch(() => undefined);
}

/** The right panel (and the phone's bottom drawer) holds the slip builder (SPEC §2 Layout and shell). */
export function SlipPanel({ variant = 'side', onClose }: { variant?: 'side' | 'drawer'; onClose?: () => void }) {
  const { t } = useLingui();
  const count = useAtomValue(draftCountAtom);
  const titleId = variant === 'side' ? 'slip-panel-title' : 'slip-drawer-title';
  return (
    <aside className={variant === 'side' ? 'slip-panel' : 'slip-panel in-drawer'} aria-labelledby={titleId}>
      <h2 id={titleId} className="panel-title">
        <Icon name="slip" size={20} />
        <Trans>Ficha</Trans>
        <span className="panel-count">{count}</span>
        {onClose && (
          <button type="button" className="icon-button panel-close" onClick={onClose} aria-label={t`Fechar`}>
            <Icon name="close" />
          </button>
        )}
      </h2>
      <Suspense fallback={<span className="spinner-small" aria-hidden="true" />}>
        <SlipBuilder />
      </Suspense>
    </aside>
  );
}
