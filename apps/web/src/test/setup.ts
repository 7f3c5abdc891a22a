import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../lib/i18n';

// Pages load their code and texts lazily: on a busy two-core machine that can take longer than the library's 1 s.
// Slack only; what is awaited must still appear.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  // Some files (the API client's) run in the node environment, without a window.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
