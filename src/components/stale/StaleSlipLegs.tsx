import { useMemo } from 'react';
import type { Selection } from '../../../contract/schemas/slips.ts';
import { checkSlip } from '../../../contract/staleness.ts';
import { useNow } from '../use-now.ts';
import { SlipSelections } from '../betting/SlipSelections.tsx';
import { LegChange } from './LegChange.tsx';
import { StaleSummary } from './StaleSummary.tsx';
import './stale.css';

/** A kick-off passing while the slip is open changes what the check says: it looks again every half minute. */
const RECHECK_MS = 30_000;

/**
 * A shared slip's legs with the stale-slip check (contract/staleness.ts): a summary line, then leg by leg what changed
 * since the slip was made (odds then → now, kick-off with the minute, result, closed market, sem resultado). It reads
 * the copy in the phone's store, so offline it says what the store knows (the screen shows when it was updated).
 */
export function StaleSlipLegs({ selections, linkEvents = true }: { selections: Selection[]; linkEvents?: boolean }) {
  const now = useNow(RECHECK_MS);
  const check = useMemo(() => checkSlip(selections, now), [selections, now]);
  return (
    <div className="stale-check">
      <StaleSummary check={check} />
      <SlipSelections selections={selections} linkEvents={linkEvents} note={(_selection, index) => {
        const leg = check.legs[index];
        return leg ? <LegChange check={leg.check} /> : null;
      }} />
    </div>
  );
}
