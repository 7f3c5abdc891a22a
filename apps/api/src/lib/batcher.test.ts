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
    const double = createBatcher(
      async (inputs: number[]) => {
        runs.push(inputs);
        return inputs.map((n) => n * 2);
      },
      { maxInFlight: 2, maxBatch: 10 },
    );
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('at most maxInFlight runs at once: the calls made meanwhile wait and go together in the next', async () => {
    const gates: ReturnType<typeof deferred<void>>[] = [];
    const runs: string[][] = [];
    const echo = createBatcher(
      async (inputs: string[]) => {
        runs.push(inputs);
        const gate = deferred<void>();
        gates.push(gate);
        await gate.promise;
        return inputs;
      },
      { maxInFlight: 1, maxBatch: 2 },
    );
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

  it('a failing run is tried again call by call: a bad input fails only its own call', async () => {
    const runs: number[][] = [];
    const positive = createBatcher(
      async (inputs: number[]) => {
        runs.push(inputs);
        if (inputs.some((n) => n < 0)) throw new Error('negative');
        return inputs;
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    const results = await Promise.allSettled([positive(1), positive(-2), positive(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(runs).toEqual([[1, -2, 3], [1], [-2], [3]]);
    expect(await positive(4)).toBe(4);
  });
});
