import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { parseTip } from '../../../contract/slip-import/parse.ts';
import { matchTip, resolveCandidate } from '../../../contract/slip-import/match.ts';
import type { Candidate, ImportFixture, LegMatch, ParsedTip } from '../../../contract/slip-import/types.ts';
import type { Selection } from '../../../contract/schemas/slips.ts';
import { choiceOf, importDataAtom, priceOf, refreshImportFixturesAtom, saveTipImportAtom, tipImportAtom, type ImportData } from '../../state/slip-import.ts';
import { onlineAtom } from '../../state/network.ts';
import { PENDING } from '../../state/live-atom.ts';
import { selectionFromEvent } from '../../lib/selection.ts';
import { useNow } from '../use-now.ts';

/** One leg of the tip as the screen shows it: what the matcher made of it, the user's pick applied. */
export interface ImportedLeg {
  /** Stable while the text stays the same: the leg's place and its words. */
  key: string;
  match: LegMatch;
  /** The selection it adds to the slip (matched, or resolved by the user's pick), null when it adds none. */
  selection: Selection | null;
  /** For an ambiguous leg: its candidates, best first, and the fixture the user picked, if any. */
  candidates: Candidate[] | null;
  chosen: string | null;
}

export interface TipImport {
  ready: boolean;
  text: string;
  setText: (text: string) => void;
  choose: (legKey: string, fixtureId: string | null) => void;
  tip: ParsedTip;
  legs: ImportedLeg[];
  /** Upcoming fixtures the phone knows, when they were brought and why the last try failed. */
  fixtures: number;
  refreshedAt: number;
  error: string | null;
}

const EMPTY: ImportData = { events: [], details: new Map(), refreshedAt: 0, error: null };

function toFixture(event: ImportData['events'][number]): ImportFixture {
  return { id: event.id, date: event.date, status: event.status, competition_name: event.competition_name, home_name: event.home_name, away_name: event.away_name };
}

function selectionOf(data: ImportData, match: LegMatch): Selection | null {
  if (match.state !== 'matched') return null;
  const event = data.events.find((item) => item.id === match.fixture.id);
  const choice = choiceOf(data, match.fixture.id, match.pick);
  return event && choice ? selectionFromEvent(event, choice) : null;
}

/**
 * The tip importer's state: the text (kept on the phone), each leg parsed and matched against the stored fixtures on
 * every change, on the phone (offline too). Online, the markets of the fixtures the tip names are brought in, and the
 * legs are matched again with them.
 */
export function useTipImport(): TipImport {
  const stored = useAtomValue(tipImportAtom);
  const save = useSetAtom(saveTipImportAtom);
  const loaded = useAtomValue(importDataAtom);
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshImportFixturesAtom);
  // Kick-offs move legs out of reach: look again each minute.
  const now = useNow(60_000);
  const data = loaded === PENDING ? EMPTY : loaded;
  // Typed here first, written to the store a moment later: the box never waits for the store to answer.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? stored?.text ?? '';
  // The user's picks show at once too; the store follows.
  const [picked, setPicked] = useState<Record<string, string | null>>({});
  const chosen = useMemo(() => ({ ...(stored?.chosen ?? {}), ...picked }), [stored, picked]);
  // A pick is kept by its leg's place and words: it still applies after an edit elsewhere in the text.
  const chosenNow = useRef(chosen);
  useEffect(() => {
    chosenNow.current = chosen;
  }, [chosen]);
  // A long paste is read after the box has shown it.
  const reading = useDeferredValue(text);
  const tip = useMemo(() => parseTip(reading), [reading]);
  const saving = useRef<{ timer: ReturnType<typeof setTimeout>; text: string } | null>(null);
  // Leaving the screen writes what is waiting at once.
  useEffect(
    () => () => {
      const waiting = saving.current;
      if (!waiting) return;
      clearTimeout(waiting.timer);
      void save({ text: waiting.text, chosen: chosenNow.current });
    },
    [save],
  );
  const setText = (next: string) => {
    setTyped(next);
    if (saving.current) clearTimeout(saving.current.timer);
    const timer = setTimeout(() => {
      saving.current = null;
      void save({ text: next, chosen: chosenNow.current });
    }, 300);
    saving.current = { timer, text: next };
  };
  const fixtures = useMemo(() => data.events.map(toFixture), [data.events]);

  const legs = useMemo(() => {
    const prices = priceOf(data);
    return matchTip(tip, fixtures, prices, now).map((first, index): ImportedLeg => {
      const key = `${index}:${first.leg.text}`;
      const pick = first.state === 'ambiguous' ? (chosen[key] ?? null) : null;
      const fixture = pick ? fixtures.find((item) => item.id === pick) : undefined;
      const match = first.state === 'ambiguous' && fixture ? resolveCandidate(first.leg, fixture, prices, now) : first;
      const candidates = first.state === 'ambiguous' ? first.candidates : null;
      return { key, match, selection: selectionOf(data, match), candidates, chosen: pick };
    });
  }, [tip, fixtures, data, chosen, now]);

  // The markets of the fixtures the legs name, once per set of fixtures while online.
  const named = [...new Set(legs.flatMap(({ match, candidates }) => [...(candidates ?? []).map((candidate) => candidate.fixture.id), ...(match.state !== 'ambiguous' && match.fixture ? [match.fixture.id] : [])]))]
    .sort()
    .join(',');
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!online || loaded === PENDING || asked.current === named) return;
    asked.current = named;
    void refresh(named ? named.split(',') : []);
  }, [online, loaded, named, refresh]);

  return {
    ready: stored !== null && loaded !== PENDING,
    text,
    setText,
    choose: (legKey, fixtureId) => {
      setPicked((before) => ({ ...before, [legKey]: fixtureId }));
      void save({ text, chosen: { ...chosen, [legKey]: fixtureId } });
    },
    tip,
    legs,
    fixtures: fixtures.length,
    refreshedAt: data.refreshedAt,
    error: data.error,
  };
}
