#!/usr/bin/env node
// The gzip size of the JavaScript a browser actually loads for /auth (target under 150 KB, decision 026), read from the
// requests Chromium makes, and the same for the largest route, beside the whole build's JS as the baseline.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { machine } from './lib.mjs';
import { startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3918) });
const base = server.base;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
async function scriptsFor(route) {
  const page = await browser.newPage();
  const files = new Set();
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (u.pathname.endsWith('.js')) files.add(u.pathname);
  });
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await page.close();
  const bytes = [...files].reduce((sum, f) => sum + gz(path.join(dist, f)), 0);
  return { files: files.size, gzipKB: +(bytes / 1024).toFixed(1) };
}
const auth = await scriptsFor('/auth');
const notFound = await scriptsFor('/nowhere');
await browser.close();
await server.stop();

const allJs = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const wholeKB = +(allJs.reduce((s, f) => s + gz(path.join(dist, 'assets', f)), 0) / 1024).toFixed(1);
console.log(
  JSON.stringify(
    {
      machine: machine(),
      auth,
      notFound,
      wholeBuildGzipKB: wholeKB,
      authShareOfWhole: +(auth.gzipKB / wholeKB).toFixed(2),
      targetKB: 150,
      met: auth.gzipKB < 150,
    },
    null,
    2,
  ),
);
