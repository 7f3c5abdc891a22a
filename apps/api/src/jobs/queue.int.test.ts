import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import type { JobDefinition } from './queue';

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the durable job queue', () => {
  const handled: string[] = [];
  let failuresLeft = 2;
  const record: JobDefinition<{ label: string }> = {
    name: 'test.record',
    async handle(data) {
      handled.push(data.label);
    },
  };
  const flaky: JobDefinition<{ label: string }> = {
    name: 'test.flaky',
    retryDelaySeconds: 1,
    async handle(data) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('temporary failure');
      }
      handled.push(data.label);
    },
  };
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ jobs: [record as JobDefinition, flaky as JobDefinition] });
    await t.db.exec('CREATE TABLE t_events (label text PRIMARY KEY)');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a job sent in a committed transaction, and drops one from a rolled-back transaction', async () => {
    await t.db.transaction(async (tx) => {
      await tx.query("INSERT INTO t_events (label) VALUES ('kept')");
      await t.jobs.send('test.record', { label: 'kept' }, { tx });
    });
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("INSERT INTO t_events (label) VALUES ('dropped')");
        await t.jobs.send('test.record', { label: 'dropped' }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await t.jobs.depth('test.record')).toBe(1);

    await t.jobs.startWorking({ pollingIntervalSeconds: 0.5 });
    await waitFor(() => handled.includes('kept'));
    await new Promise((r) => setTimeout(r, 1200));
    expect(handled.filter((l) => l === 'kept')).toHaveLength(1);
    expect(handled).not.toContain('dropped');
  });

  it('retries a failing job until it succeeds, once', async () => {
    await t.jobs.send('test.flaky', { label: 'eventually' });
    await waitFor(() => handled.includes('eventually'), 25_000);
    expect(failuresLeft).toBe(0);
    expect(handled.filter((l) => l === 'eventually')).toHaveLength(1);
  });

  it('refuses a job name that nobody registered', async () => {
    await expect(t.jobs.send('test.unknown', {})).rejects.toThrow(/not registered/);
  });
});
