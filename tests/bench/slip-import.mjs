// The tip importer over the corpus of real-looking tips (tests/fixtures/tip-corpus.ts): how many legs it matches
// right, how many it leaves to the user (ambiguous) or cannot find, and how many it matches wrongly (the goal is
// none: a wrong match costs the bettor money, an ambiguous one a tap). Plain Node, no browser; the .ts modules load
// through Node's type stripping.
import { performance } from 'node:perf_hooks';

export async function importFigures({ runs }) {
  const { parseTip } = await import('../../contract/slip-import/parse.ts');
  const { matchTip } = await import('../../contract/slip-import/match.ts');
  const { TIP_CORPUS, CORPUS_FIXTURES, CORPUS_NOW, corpusPriceOf, judgeLeg, crowdFixtures } = await import('../fixtures/tip-corpus.ts');

  const pass = () => TIP_CORPUS.map((tip) => matchTip(parseTip(tip.text), CORPUS_FIXTURES, corpusPriceOf, CORPUS_NOW));
  const counts = { legs: 0, correct: 0, matched: 0, wrong: 0, ambiguous: 0, notFound: 0, unexpected: 0, wellFormed: 0, wellFormedMatched: 0 };
  const wrong = [];
  const results = pass();
  TIP_CORPUS.forEach((tip, index) => {
    const got = results[index] ?? [];
    const legs = Math.max(tip.legs.length, got.length);
    for (let leg = 0; leg < legs; leg += 1) {
      const expected = tip.legs[leg];
      const match = got[leg];
      counts.legs += 1;
      if (!expected || !match) {
        counts.unexpected += 1;
        continue;
      }
      const verdict = judgeLeg(expected, match);
      if (match.state === 'matched') counts.matched += 1;
      if (match.state === 'ambiguous') counts.ambiguous += 1;
      if (match.state === 'not-found') counts.notFound += 1;
      if (verdict === 'correct' && match.state === 'matched') counts.correct += 1;
      if (verdict === 'wrong') wrong.push(`${tip.name}: ${match.leg.text}`);
      if (verdict === 'unexpected') counts.unexpected += 1;
      if (expected.wellFormed) {
        counts.wellFormed += 1;
        if (verdict === 'correct' && match.state === 'matched') counts.wellFormedMatched += 1;
      }
    }
  });
  counts.wrong = wrong.length;

  // The time of one pass over the whole corpus, after a warm-up (the first pass compiles the regular expressions).
  for (let warm = 0; warm < 3; warm += 1) pass();
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    pass();
    times.push(performance.now() - start);
  }
  // A long tip on a phone that holds many fixtures: the corpus's first 100 legs against 2,000 fixtures more.
  const crowd = [...CORPUS_FIXTURES, ...crowdFixtures(2000)];
  const long = parseTip(TIP_CORPUS.map((tip) => tip.text).join('\n'));
  long.legs = long.legs.slice(0, 100);
  matchTip(long, crowd, corpusPriceOf, CORPUS_NOW);
  const crowdTimes = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    matchTip(long, crowd, corpusPriceOf, CORPUS_NOW);
    crowdTimes.push(performance.now() - start);
  }
  return { tips: TIP_CORPUS.length, fixtures: CORPUS_FIXTURES.length, counts, wrong, times, crowd: { legs: long.legs.length, fixtures: crowd.length, times: crowdTimes } };
}
