#!/usr/bin/env node
// `npm run bench`: every benchmark in turn; figures go to docs/benchmarks.md by hand, with the machine.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
for (const script of [
  'startup.mjs',
  'bundle-size.mjs',
  'sign-in.mjs',
  'ledger-transfers.ts',
  'evm-deliveries.ts',
  'quote-throughput.mjs',
  'quote-cost.mjs',
  'lighthouse.mjs',
]) {
  console.log(`\n# ${script}`);
  // The ledger and EVM benchmarks call the API's own TypeScript modules: tsx loads them.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const result = spawnSync(process.execPath, [...loader, path.join(here, script)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
