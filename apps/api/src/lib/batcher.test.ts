import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createBatcher (decision 041)', () => {
  it('calls made together go in one run; each gets its own result', async () => {
    const runs: number[][] = [];
    const double = createBatcher(async (inputs: number[]) => {
      runs.push(inputs);
      return inputs.map((n) => n * 2);
    }, { maxInFlight: 2, maxBatch: 10 });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('at most maxInFlight runs at once: the calls made meanwhile wait and go together in the next', async () => {
    const gates: ReturnType<typeof deferred<void>>[] = [];
    const runs: string[][] = [];
    const echo = createBatcher(async (inputs: string[]) => {
      runs.push(inputs);
      const gate = deferred<void>();
      gates.push(gate);
      await gate.promise;
      return inputs;
    }, { maxInFlight: 1, maxBatch: 2 });
    const first = echo('a');
    await new Promise((resolve) => setImmediate(resolve));
    const rest = ['b', 'c', 'd'].map((input) => echo(input));
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toEqual([['a']]);
    gates[0]?.resolve();
    expect(await first).toBe('a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toEqual([['a'], ['b', 'c']]);
    gates[1]?.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    gates[2]?.resolve();
    expect(await Promise.all(rest)).toEqual(['b', 'c', 'd']);
    expect(runs).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('a failing run fails each of its calls, not the next run', async () => {
    let fail = true;
    const maybe = createBatcher(async (inputs: number[]) => {
      if (fail) throw new Error('down');
      return inputs;
    }, { maxInFlight: 1, maxBatch: 10 });
    const results = await Promise.allSettled([maybe(1), maybe(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await maybe(3)).toBe(3);
  });
});
