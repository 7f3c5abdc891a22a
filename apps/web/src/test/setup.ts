import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../lib/i18n';

afterEach(() => {
  cleanup();
  // Some files (the API client's) run in the node environment, without a window.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
