import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { parseTip } from '../../../contract/slip-import/parse.ts';
import { matchTip, resolveCandidate } from '../../../contract/slip-import/match.ts';
import type { Candidate, ImportFixture, LegMatch, ParsedTip } from '../../../contract/slip-import/types.ts';
import type { Selection } from '../../../contract/schemas/slips.ts';
import {
  choiceOf,
  importDetailsAtom,
  importFixturesAtom,
  priceOf,
  refreshImportFixturesAtom,
  saveTipImportAtom,
  tipImportAtom,
  type ImportData,
  type TipImportValue,
} from '../../state/slip-import.ts';
import { onlineAtom } from '../../state/network.ts';
import { PENDING } from '../../state/live-atom.ts';
import { selectionFromEvent } from '../../lib/selection.ts';
import { useNow } from '../use-now.ts';

/** One leg of the tip as the screen shows it: what the matcher made of it, the user's pick applied. */
export interface ImportedLeg {
  /** Stable while the leg's words stay the same: the words and how many legs before it have the same ones. */
  key: string;
  match: LegMatch;
  /** The selection it adds to the slip (matched, or resolved by the user's pick), null when it adds none. */
  selection: Selection | null;
  /** For an ambiguous leg: its candidates, best first, and the user's pick: a fixture, null for none, undefined not yet. */
  candidates: Candidate[] | null;
  chosen: string | null | undefined;
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

const NO_FIXTURES: Omit<ImportData, 'details' | 'byId'> = { events: [], refreshedAt: 0, error: null };

function toFixture(event: ImportData['events'][number]): ImportFixture {
  return { id: event.id, date: event.date, status: event.status, competition_name: event.competition_name, home_name: event.home_name, away_name: event.away_name };
}

function selectionOf(data: ImportData, match: LegMatch): Selection | null {
  if (match.state !== 'matched') return null;
  const event = data.byId.get(match.fixture.id);
  const choice = choiceOf(data, match.fixture.id, match.pick);
  return event && choice ? selectionFromEvent(event, choice) : null;
}

/** The fixtures a match names (its candidates, or the one it found), for their markets. */
function namedFixtures(matches: readonly LegMatch[]): string {
  const ids = matches.flatMap((match) => (match.state === 'ambiguous' ? match.candidates.map((candidate) => candidate.fixture.id) : match.fixture ? [match.fixture.id] : []));
  return [...new Set(ids)].sort().join(',');
}

/** Keys of the legs: their words, and which occurrence of them (a line added above does not move a pick). */
function legKeys(matches: readonly LegMatch[]): string[] {
  const seen = new Map<string, number>();
  return matches.map(({ leg }) => {
    const count = seen.get(leg.text) ?? 0;
    seen.set(leg.text, count + 1);
    return `${count}:${leg.text}`;
  });
}

/**
 * The tip importer's state: the text (kept on the phone), each leg parsed and matched against the stored fixtures on
 * every change, on the phone (offline too). The teams are matched once per text; the prices of the fixtures they
 * name are read apart, so the markets the importer brings in (online) only re-price the legs.
 */
export function useTipImport(): TipImport {
  const stored = useAtomValue(tipImportAtom);
  const save = useSetAtom(saveTipImportAtom);
  const loaded = useAtomValue(importFixturesAtom);
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshImportFixturesAtom);
  // Kick-offs move legs out of reach: look again each minute.
  const now = useNow(60_000);
  const base = loaded === PENDING ? NO_FIXTURES : loaded;

  // Typed here first, written to the store a moment later: the box never waits for the store to answer.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? stored?.text ?? '';
  // The user's picks show at once too; the store follows.
  const [picked, setPicked] = useState<Record<string, string | null>>({});
  const chosen = useMemo(() => ({ ...(stored?.chosen ?? {}), ...picked }), [stored, picked]);
  const latest = useRef<TipImportValue>({ text, chosen });
  useEffect(() => {
    latest.current = { text, chosen };
  }, [text, chosen]);

  // What is typed is written 300 ms after the last key, and at once when the screen or the app goes away.
  const saving = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const flush = () => {
      if (!saving.current) return;
      clearTimeout(saving.current);
      saving.current = null;
      void save(latest.current);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [save]);
  const setText = (next: string) => {
    setTyped(next);
    latest.current = { ...latest.current, text: next };
    if (saving.current) clearTimeout(saving.current);
    saving.current = setTimeout(() => {
      saving.current = null;
      void save(latest.current);
    }, 300);
  };

  // A long paste is read after the box has shown it.
  const reading = useDeferredValue(text);
  const tip = useMemo(() => parseTip(reading), [reading]);
  const fixtures = useMemo(() => base.events.map(toFixture), [base.events]);
  const byId = useMemo(() => new Map(base.events.map((event) => [event.id, event])), [base.events]);
  // First the teams, priced from the list alone; then the same legs with the stored markets of the fixtures named.
  const teamsOnly = useMemo(() => {
    const data: ImportData = { ...base, byId, details: new Map() };
    return matchTip(tip, fixtures, priceOf(data), now);
  }, [tip, fixtures, base, byId, now]);
  const named = namedFixtures(teamsOnly);
  const details = useAtomValue(importDetailsAtom(named));

  const legs = useMemo(() => {
    const data: ImportData = { ...base, byId, details: details === PENDING ? new Map() : details };
    const prices = priceOf(data);
    const matches = details === PENDING || details.size === 0 ? teamsOnly : matchTip(tip, fixtures, prices, now);
    const keys = legKeys(matches);
    return matches.map((first, index): ImportedLeg => {
      const key = keys[index] ?? String(index);
      const pick = first.state === 'ambiguous' ? chosen[key] : undefined;
      const fixture = pick ? fixtures.find((item) => item.id === pick) : undefined;
      const match = first.state === 'ambiguous' && fixture ? resolveCandidate(first.leg, fixture, prices, now) : first;
      const candidates = first.state === 'ambiguous' ? first.candidates : null;
      // A pick of a fixture no longer listed counts as none made yet.
      const shown = pick && !fixture ? undefined : pick;
      return { key, match, selection: selectionOf(data, match), candidates, chosen: shown };
    });
  }, [teamsOnly, details, tip, fixtures, base, byId, chosen, now]);

  // Online, the markets of the fixtures the legs name (and the list, when it is old): once per set of fixtures, again
  // after the connection comes back.
  const asked = useRef<string | null>(null);
  const haveFixtures = loaded !== PENDING;
  useEffect(() => {
    if (!online) {
      asked.current = null;
      return;
    }
    if (!haveFixtures || asked.current === named) return;
    let current = true;
    refresh(named ? named.split(',') : []).then(
      () => {
        if (current) asked.current = named;
      },
      (error: unknown) => console.warn('[importar] os mercados não vieram', error),
    );
    return () => {
      current = false;
    };
  }, [online, haveFixtures, named, refresh]);

  return {
    ready: stored !== null && haveFixtures,
    text,
    setText,
    choose: (legKey, fixtureId) => {
      setPicked((before) => ({ ...before, [legKey]: fixtureId }));
      // Only the picks of the legs the text has now are kept.
      const keep = new Set(legs.map((leg) => leg.key));
      const next = Object.fromEntries(Object.entries({ ...chosen, [legKey]: fixtureId }).filter(([key]) => keep.has(key)));
      latest.current = { text, chosen: next };
      void save(latest.current);
    },
    tip,
    legs,
    fixtures: fixtures.length,
    refreshedAt: base.refreshedAt,
    error: base.error,
  };
}
