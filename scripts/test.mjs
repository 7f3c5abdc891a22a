#!/usr/bin/env node
// `npm test`: typecheck, lint, the format check (Prettier, decision 072), unit tests, API integration tests on PGlite (and again on the PostgreSQL
// server named by TEST_DATABASE_URL when set), then browser journeys in Debian's Chromium. Prints one
// closing line, 'N passed, N failed', counting every test of every step.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackage } from './debian.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'rampart-test-'));
let passed = 0;
let failed = 0;
const failures = [];

function run(title, command, args, env = {}) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  process.stdout.write(
    `--- ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return result.status === 0;
}

/** A step that is not a test runner (typecheck, lint) counts as one test. */
function check(title, command, args) {
  if (run(title, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(title);
  }
}

function vitest(title, projects, env = {}) {
  const report = path.join(reportDir, `${title.replace(/\W+/g, '-')}.json`);
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const ok = run(title, bin('vitest'), args, env);
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    if (summary.numFailedTests > 0 || !ok) failures.push(title);
    if (!ok && summary.numFailedTests === 0) failed += 1; // a crash outside any test
  } else if (!ok) {
    failed += 1;
    failures.push(title);
  }
}

function ensureChromium() {
  return ensureDebianPackage({ path: CHROMIUM, pkg: 'chromium', purpose: 'The browser journeys need Chromium at' });
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);
check('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
vitest('unit tests', ['contracts', 'api-unit', 'web']);
vitest('API integration tests on PGlite', ['api'], { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('API integration tests on PostgreSQL', ['api'], { TEST_DB: 'postgres' });
} else {
  process.stdout.write('\n(TEST_DATABASE_URL is not set: the integration tests ran on PGlite only.)\n');
}
if (ensureChromium()) {
  vitest('browser journeys', ['e2e'], { CHROMIUM_PATH: CHROMIUM });
} else {
  failed += 1;
  failures.push('browser journeys (no Chromium)');
}

rmSync(reportDir, { recursive: true, force: true });
if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join('; ')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
