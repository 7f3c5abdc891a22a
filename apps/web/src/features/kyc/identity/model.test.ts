import { describe, expect, it } from 'vitest';
import { checkPhone, deviceId, DEVICE_ID_PATTERN, isExpired, pollOutcome } from './model';
import { errorsFromUpload, overallPercent } from './widget/upload';

describe('checkPhone (document 2, section 5; R9)', () => {
  it('reads a national number of the chosen country as E.164', () => {
    expect(checkPhone(' (201) 555-0123 ', 'US')).toEqual({ ok: true, e164: '+12015550123' });
    expect(checkPhone('07400 123456', 'GB')).toEqual({ ok: true, e164: '+447400123456' });
  });

  it('refuses fewer than 6 characters, unparsable numbers and numbers invalid for the country', () => {
    expect(checkPhone('12345', 'US').ok).toBe(false);
    expect(checkPhone('hello world', 'US').ok).toBe(false);
    expect(checkPhone('1234567890', 'US').ok).toBe(false);
    expect(checkPhone('2015550123', null).ok).toBe(false);
  });

  it('takes an international number as written, unless its country is restricted', () => {
    expect(checkPhone('+44 7400 123456', 'US')).toEqual({ ok: true, e164: '+447400123456' });
    expect(checkPhone('+86 131 2345 6789', 'US').ok).toBe(false);
  });
});

describe('pollOutcome', () => {
  const base = { reason: null, submittedAt: null };
  it('moves on when the phone submitted, whatever the decision so far', () => {
    for (const status of ['submitted', 'accepted', 'review'] as const)
      expect(pollOutcome({ ...base, status }, null)).toEqual({ kind: 'done' });
    expect(pollOutcome({ ...base, status: 'capturing' }, null)).toEqual({ kind: 'waiting' });
  });

  it('reports a refusal only for a submission newer than the one the screen started with', () => {
    const old = { status: 'resubmit' as const, reason: 'blurry', submittedAt: '2030-01-01T00:00:00Z' };
    expect(pollOutcome(old, '2030-01-01T00:00:00Z')).toEqual({ kind: 'waiting' });
    expect(pollOutcome({ ...old, submittedAt: '2030-01-01T00:05:00Z' }, '2030-01-01T00:00:00Z')).toEqual({
      kind: 'refused',
      status: 'resubmit',
      reason: 'blurry',
    });
  });
});

describe('the capture helpers', () => {
  it('keeps one device id per browser, in the accepted format', () => {
    const id = deviceId();
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(deviceId()).toBe(id);
  });

  it('maps the upload error fields to the controls of each request', () => {
    expect(
      errorsFromUpload(
        { 'document file': 'a', 'document backFile': 'b', 'document documentCountry': 'c', label: 'd' },
        'document',
      ),
    ).toEqual({
      mapped: { file: 'a', backFile: 'b', documentCountry: 'c' },
      rest: ['d'],
    });
    expect(errorsFromUpload({ 'document file': 'a' }, 'selfie').mapped).toEqual({ selfie: 'a' });
  });

  it('weighs the progress of the requests by their bytes', () => {
    expect(overallPercent([300, 100], 0, 50, 100)).toBe(38);
    expect(overallPercent([300, 100], 1, 100, 100)).toBe(100);
    expect(overallPercent([100], 0, 0, 0)).toBe(0);
    expect(isExpired('2000-01-01T00:00:00Z')).toBe(true);
    expect(isExpired('not a date')).toBe(true);
  });
});
