import { Trans } from '@lingui/react/macro';
import type { AvailabilityState } from './use-availability.ts';

export function AvailabilityHint({ state }: { state: AvailabilityState }) {
  if (state === 'loading') return <Trans>A verificar...</Trans>;
  if (state === 'available') return <Trans>Disponível</Trans>;
  if (state === 'unavailable') return <Trans>Indisponível</Trans>;
  return null;
}
