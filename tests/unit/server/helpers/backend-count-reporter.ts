import type { Reporter, TestModule } from 'vitest/node';
import type { BackendName } from './backends.ts';

// Says at the end of a run how many server suites ran on each database, so a run where the PostgreSQL copies were
// left out (no server answered) cannot pass for a full one. describeOnEachDb names each copy "… [sqlite]" or
// "… [postgres]".

export interface SuiteOutcome {
  name: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
}

/** Suites that ran (passed or failed) per database, from their names; suites of no database are not counted. */
export function countSuitesByBackend(suites: Iterable<SuiteOutcome>): Record<BackendName, number> {
  const counts: Record<BackendName, number> = { sqlite: 0, postgres: 0 };
  for (const suite of suites) {
    const backend = /\[(sqlite|postgres)\]$/.exec(suite.name)?.[1] as BackendName | undefined;
    if (backend && (suite.state === 'passed' || suite.state === 'failed')) counts[backend] += 1;
  }
  return counts;
}

export function backendCountLine(counts: Record<BackendName, number>): string {
  const missing = counts.sqlite > 0 && counts.postgres === 0 ? ' (PostgreSQL copies not run: no server answered)' : '';
  return `server suites: sqlite=${counts.sqlite} postgres=${counts.postgres}${missing}`;
}

export default class BackendCountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const suites = testModules.flatMap((module) => [...module.children.allSuites()].map((suite) => ({ name: suite.name, state: suite.state() })));
    const counts = countSuitesByBackend(suites);
    if (counts.sqlite + counts.postgres > 0) process.stdout.write(`\n${backendCountLine(counts)}\n`);
  }
}
