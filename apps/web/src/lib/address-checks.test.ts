import { describe, expect, it } from 'vitest';
import { validateAddress, validateMemo } from '@rampart/contracts';
import { loadAddressChecks, loadedAddressChecks } from './address-checks';

describe('the address checks, loaded on demand', () => {
  it('are not there until first asked for, then are the contracts’ own, loaded once', async () => {
    expect(loadedAddressChecks()).toBeNull();
    const checks = await loadAddressChecks();
    expect(checks.validateAddress).toBe(validateAddress);
    expect(checks.validateMemo).toBe(validateMemo);
    expect(loadedAddressChecks()).toBe(checks);
    expect(await loadAddressChecks()).toBe(checks);
  });
});
