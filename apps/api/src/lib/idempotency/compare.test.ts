import { describe, expect, it } from 'vitest';
import { firstDifference } from './compare';

describe('idempotency parameter comparison', () => {
  it('names the first differing field', () => {
    expect(firstDifference({ a: 1, b: [{ c: '1' }] }, { b: [{ c: '1' }], a: 1 })).toBeNull();
    expect(firstDifference({ postings: [{ amount: '1' }] }, { postings: [{ amount: '2' }] })).toBe(
      'postings[0].amount',
    );
    expect(firstDifference({ postings: [1] }, { postings: [1, 2] })).toBe('postings');
    expect(firstDifference({ metadata: {} }, { metadata: { x: 'y' } })).toBe('metadata.x');
  });
});
