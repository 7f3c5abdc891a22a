import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { UI_WAIT_MS } from '../../../../tests/timeouts';
import '../lib/i18n';

// Pages load their code and texts lazily: on a busy two-core machine that can take longer than the library's 1 s.
// Slack only (tests/timeouts.ts, decision 070); what is awaited must still appear.
configure({ asyncUtilTimeout: UI_WAIT_MS });

afterEach(() => {
  cleanup();
  // Some files (the API client's) run in the node environment, without a window.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
