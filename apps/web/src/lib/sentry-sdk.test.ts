import * as Sentry from '@sentry/browser';
import { describe, expect, it } from 'vitest';
import * as sdk from './sentry-sdk';

describe('the Sentry module the reporter loads', () => {
  it('is only the SDK functions the reporter calls, so the lazy chunk carries nothing else', () => {
    expect(Object.keys(sdk).sort()).toEqual(['captureException', 'init', 'setUser']);
    expect(sdk.init).toBe(Sentry.init);
    expect(sdk.setUser).toBe(Sentry.setUser);
    expect(sdk.captureException).toBe(Sentry.captureException);
  });
});
