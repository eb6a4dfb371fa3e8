import { describe, expect, it } from 'vitest';
import { generateTips, type TipAnswer } from '../../../src/lib/tip-generator.ts';

// The generate-tip loop (SPEC §4 Lists: up to 10 consecutive failures with a 1 s pause; §9: the button hides at 25).

function run(answers: TipAnswer<string>[], options: { count: number; eventIds?: string[]; reject?: Set<string> }) {
  const pauses: number[] = [];
  const asked: string[][] = [];
  const added: string[] = [];
  const queue = [...answers];
  const outcome = generateTips<string>({
    count: options.count,
    eventIds: options.eventIds ?? [],
    request: async (ids) => {
      asked.push([...ids]);
      return queue.shift() ?? { kind: 'failed', message: 'Talvez tenha um problema na sua conexão' };
    },
    add: async (tip) => {
      if (options.reject?.has(tip)) return false;
      added.push(tip);
      return true;
    },
    eventIdOf: (tip) => tip,
    sleep: async (ms) => {
      pauses.push(ms);
    },
  });
  return { outcome, pauses, asked, added };
}

const tip = (id: string): TipAnswer<string> => ({ kind: 'tip', selection: id });

describe('generate tips', () => {
  it('adds the tips asked for, telling the server which events the slip already has', async () => {
    const { outcome, asked, added, pauses } = run([tip('e1'), tip('e2'), tip('e3')], { count: 3, eventIds: ['e0'] });
    expect(await outcome).toEqual({ kind: 'done', added: 3 });
    expect(added).toEqual(['e1', 'e2', 'e3']);
    expect(asked).toEqual([['e0'], ['e0', 'e1'], ['e0', 'e1', 'e2']]);
    expect(pauses).toEqual([]);
  });

  it('retries a failure after a 1 s pause and gives up after 10 in a row', async () => {
    const { outcome, pauses, added } = run([{ kind: 'failed', message: 'x' }, tip('e1')], { count: 2 });
    const result = await outcome;
    expect(added).toEqual(['e1']);
    expect(result).toEqual({ kind: 'failed', added: 1, message: 'Talvez tenha um problema na sua conexão' });
    // One pause after the first failure, then nine more after the failures that followed the tip.
    expect(pauses).toEqual(Array(10).fill(1000));
  });

  it('counts a tip the slip would not take as a failure and asks for another event', async () => {
    const { outcome, asked } = run([tip('e1'), tip('e2')], { count: 1, reject: new Set(['e1']) });
    expect(await outcome).toEqual({ kind: 'done', added: 1 });
    expect(asked[1]).toEqual(['e1']);
  });

  it('stops at once on a subscription problem or a final refusal', async () => {
    const subscription = run([tip('e1'), { kind: 'subscription', message: 'Verifique a sua subscrição' }], { count: 5 });
    expect(await subscription.outcome).toEqual({ kind: 'subscription', added: 1, message: 'Verifique a sua subscrição' });
    const none = run([{ kind: 'refused', message: 'Não encontramos mais palpites para este período' }], { count: 2 });
    expect(await none.outcome).toMatchObject({ kind: 'refused', added: 0 });
    expect(none.pauses).toEqual([]);
  });

  it('never fills the slip past 25 selections', async () => {
    const held = Array.from({ length: 24 }, (_, index) => `h${index}`);
    const { outcome, added } = run([tip('e1'), tip('e2')], { count: 2, eventIds: held });
    expect(await outcome).toEqual({ kind: 'done', added: 1 });
    expect(added).toEqual(['e1']);
  });
});
