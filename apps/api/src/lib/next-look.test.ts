import { describe, expect, it } from 'vitest';
import { nextLook } from './next-look';

describe('when the confirmation job looks again', () => {
  const sent = new Date('2026-11-27T10:00:00Z');
  it('is the first whole delay after sending that is still ahead, never a time already past', () => {
    expect(nextLook(sent, sent, 15_000)).toEqual(new Date('2026-11-27T10:00:15Z'));
    // Late (a node that took its time, a test clock days behind): the next period, not a loop on a past time.
    expect(nextLook(sent, new Date('2026-11-27T10:00:40Z'), 15_000)).toEqual(new Date('2026-11-27T10:00:45Z'));
    expect(nextLook(sent, new Date('2026-11-27T10:00:45Z'), 15_000)).toEqual(new Date('2026-11-27T10:01:00Z'));
    expect(nextLook(sent, sent, 0)).toEqual(sent);
  });
});
