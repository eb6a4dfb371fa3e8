import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { isModeratorAtom } from '../../state/moderation.ts';

/** The moderator's screens (SPEC §6): everyone else gets a clear page saying they may not (the server refuses too). */
export function RequireModerator({ children }: { children: ReactNode }) {
  const allowed = useAtomValue(isModeratorAtom);
  if (!allowed) {
    return (
      <section className="page" aria-labelledby="mod-forbidden-title">
        <h1 className="page-title" id="mod-forbidden-title">
          <Trans>Não tens permissão para esta acção</Trans>
        </h1>
        <p className="notice">
          <Trans>Esta página é só para moderadores.</Trans>
        </p>
      </section>
    );
  }
  return <>{children}</>;
}
