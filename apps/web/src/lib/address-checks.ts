import type { validateAddress, validateMemo } from '@rampart/contracts';

/** The destination checks a form runs on an address and its memo (the contracts' rules, the API's own). */
export interface AddressChecks {
  readonly validateAddress: typeof validateAddress;
  readonly validateMemo: typeof validateMemo;
}

let loaded: AddressChecks | null = null;
let loading: Promise<AddressChecks> | null = null;

/**
 * Decision 084: the address checks carry base58, bech32 and three hash functions (about 10 KB gzip), which a form
 * needs only once an address is typed, left or submitted. They load on the first such use, not with the page.
 */
export function loadAddressChecks(): Promise<AddressChecks> {
  loading ??= import('./address-checks-code').then(
    (code) => (loaded = code),
    (error: unknown) => {
      // A failed load (the network, a deploy) is tried again at the next use.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The checks once loaded (loadAddressChecks), else null. */
export function loadedAddressChecks(): AddressChecks | null {
  return loaded;
}
