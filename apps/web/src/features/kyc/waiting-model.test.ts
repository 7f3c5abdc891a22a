import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  isCheckSecond,
  startWaiting,
  tickWaiting,
  WAITING_SECONDS,
  type WaitingState,
} from './waiting-model';

function run(state: WaitingState, seconds: number, random = () => 0.5) {
  let s = state;
  const checks: number[] = [];
  for (let i = 0; i < seconds; i++) {
    s = tickWaiting(s, random);
    if (isCheckSecond(s)) checks.push(s.elapsed);
  }
  return { state: s, checks };
}

describe('the waiting screen countdown (document 1, section 4)', () => {
  it('starts the ring at 100 minus the given progress, for five minutes', () => {
    expect(startWaiting()).toEqual({ secondsLeft: WAITING_SECONDS, elapsed: 0, ring: 100 });
    expect(startWaiting(30).ring).toBe(70);
  });

  it('drops the ring every 5 seconds by a random amount up to 2', () => {
    const { state } = run(startWaiting(), 4, () => 0.99);
    expect(state.ring).toBe(100);
    const after5 = run(startWaiting(), 5, () => 0.5).state;
    expect(after5.ring).toBe(99);
    const max = run(startWaiting(), 5, () => 0.999999).state;
    expect(100 - max.ring).toBeLessThan(2);
    expect(100 - max.ring).toBeGreaterThan(1.99);
  });

  it('never goes below 0 and ends at 0', () => {
    const low = run(startWaiting(99.5, 60), 10, () => 0.99).state;
    expect(low.ring).toBe(0);
    const end = run(startWaiting(0, 12), 12, () => 0).state;
    expect(end).toEqual({ secondsLeft: 0, elapsed: 12, ring: 0 });
    expect(tickWaiting(end)).toBe(end);
  });

  it('checks the status every 30 seconds of the countdown', () => {
    expect(run(startWaiting(), WAITING_SECONDS).checks).toEqual([30, 60, 90, 120, 150, 180, 210, 240, 270]);
  });

  it('formats the time left', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(0)).toBe('0:00');
  });
});
