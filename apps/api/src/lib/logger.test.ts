import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('log redaction', () => {
  it('hides query values that could be credentials', () => {
    expect(redactUrl('/api/x?token=abc&tracking_id=t1&code=123456')).toBe(
      '/api/x?token=%5Bredacted%5D&tracking_id=t1&code=%5Bredacted%5D',
    );
  });
  it('leaves plain paths alone', () => {
    expect(redactUrl('/api/user/healthcheck')).toBe('/api/user/healthcheck');
  });
});
