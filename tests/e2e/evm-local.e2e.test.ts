import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_WAIT_MS, JOURNEY_HOOK_MS } from '../timeouts';
import { appAddress } from './app-process';
import { launchBrowser } from './browser';
import { freshEmail, newestCode, signUp } from './journeys';

/**
 * The README's `npm run evm:local` (decisions 085 and 087): the app on a local Ethereum chain (Hardhat's network from
 * npm, a test USDC deployed). In a browser a user buys USDC on Ethereum and the tokens arrive at their address in a
 * real transaction; then sells USDC by deposit, sends it from a wallet of their own with the README's `send`
 * command, and the order completes with that transaction's hash; the worker then sweeps the deposit into the hot
 * wallet, as the README's `balance` command shows.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const run = promisify(execFile);

let app: ChildProcess;
let base: string;
let browser: Browser;

beforeAll(async () => {
  app = spawn(tsx, ['scripts/evm-local.ts'], {
    cwd: root,
    // Its own process group: the stop reaches the app, the node and tsx together.
    detached: true,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await appAddress(app, JOURNEY_HOOK_MS, 'evm:local');
  browser = await launchBrowser();
}, JOURNEY_HOOK_MS);

afterAll(async () => {
  await browser?.close();
  if (app?.pid && app.exitCode === null) {
    const exited = new Promise((resolve) => app.once('exit', resolve));
    process.kill(-app.pid, 'SIGTERM');
    await exited;
  }
}, JOURNEY_HOOK_MS);

async function signedInUser(): Promise<{ context: BrowserContext; page: Page; email: string; lastCode: string }> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  const page = await context.newPage();
  const email = freshEmail();
  const lastCode = await signUp(page, email, base);
  await page.goto('/sandbox');
  await page.getByRole('button', { name: 'Create KYC account', exact: true }).click();
  await page.getByText('Account KYC Open Successfully').first().waitFor();
  await page.getByLabel('Fund account amount (USD)').fill('100');
  await page.getByRole('button', { name: 'Fund account', exact: true }).click();
  await page.getByText('Fund Account Success').first().waitFor();
  return { context, page, email, lastCode };
}

/** /trade/verify: the code mailed for this trade, then the button; the order's page. */
async function confirmTrade(page: Page, email: string, previousId: string, button: string): Promise<string> {
  await page.waitForURL((url) => url.pathname === '/trade/verify');
  const sent = await newestCode(email, previousId, base);
  await page.getByLabel(/Verification code/).fill(sent.code);
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/trade/complete');
  return sent.id;
}

/** The USDC an address holds (the hot wallet's when left out), as the README's `balance` command prints it. */
async function usdcHeld(address?: string): Promise<string> {
  const { stdout } = await run(tsx, ['scripts/evm-local.ts', 'balance', ...(address ? [address] : [])], { cwd: root });
  const held = / holds ([\d.]+) USDC/.exec(stdout)?.[1];
  if (held === undefined) throw new Error(`balance printed: ${stdout}`);
  return held;
}

/** The order's page, looked at again until it says `status` (the chain's blocks come every 2 s). */
async function waitForStatus(page: Page, status: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        // The order's page draws its status once its request answers.
        await page.getByText(/^Status: /).waitFor();
        return page.getByText(`Status: ${status}`, { exact: true }).count();
      },
      { timeout: 120_000, interval: 2_000 },
    )
    .toBe(1);
}

describe('trading on a local Ethereum chain (npm run evm:local)', () => {
  it('a buy of USDC on Ethereum arrives at the address; a sell by deposit completes with the transfer sent to it, swept into the hot wallet', async () => {
    const { context, page, email, lastCode } = await signedInUser();
    const state = JSON.parse(await readFile(path.join(root, 'data/evm-local.json'), 'utf8')) as {
      rpcUrl: string;
      token: Address;
    };
    const chain = createPublicClient({ transport: http(state.rpcUrl) });
    const to = privateKeyToAccount(generatePrivateKey()).address;

    await page.goto('/trade/buy');
    await page.getByLabel('Asset to buy').selectOption('ethereumUSDC');
    await page.getByLabel('Amount (USD)').fill('25');
    await page.getByLabel(/ address$/).fill(to);
    await page.getByTestId('estimate-lines').waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    const receive = (await page.getByTestId('quote-lines').getByTestId('line-receive').textContent()) ?? '';
    const usdc = /([\d.]+) USDC/.exec(receive)?.[1];
    expect(usdc).toBeDefined();
    await page.getByRole('button', { name: 'Confirm and buy', exact: true }).click();
    const buyCode = await confirmTrade(page, email, lastCode, 'Verify and buy');
    await waitForStatus(page, 'Completed');
    const hash = (await page.getByText(/^0x[0-9a-f]{64}$/).textContent()) ?? '';
    await page.getByText('2 of 2 confirmations').waitFor();
    const receipt = await chain.getTransactionReceipt({ hash: hash as `0x${string}` });
    expect(receipt.status).toBe('success');
    const [whole = '0', fraction = ''] = usdc!.split('.');
    expect(
      await chain.readContract({ address: state.token, abi: erc20Abi, functionName: 'balanceOf', args: [to] }),
    ).toBe(BigInt(whole + fraction.padEnd(6, '0')));

    await page.goto('/trade/sell');
    await page.getByLabel('Asset to sell').selectOption('ethereumUSDC');
    await page.getByRole('radio', { name: /Send from an external wallet/ }).check({ force: true });
    await page.getByLabel('Amount (USDC)').fill('20');
    await page.getByTestId('estimate-lines').waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    await page.getByRole('button', { name: 'Confirm and sell', exact: true }).click();
    await confirmTrade(page, email, buyCode, 'Verify and sell');
    const instructions = page.getByTestId('deposit-instructions');
    const address = /0x[0-9a-fA-F]{40}/.exec((await instructions.textContent()) ?? '')?.[0];
    expect(address).toBeDefined();
    const hotBefore = await usdcHeld();
    const sent = await run(tsx, ['scripts/evm-local.ts', 'send', address!, '20'], { cwd: root });
    const deposit = /: (0x[0-9a-f]{64})$/m.exec(sent.stdout)?.[1];
    expect(deposit).toBeDefined();
    await waitForStatus(page, 'Completed');
    expect(await page.getByText(deposit!).count()).toBe(1);
    // The worker sweeps the deposit into the hot wallet (decision 092): the address empties, the wallet grows by 20.
    await expect.poll(() => usdcHeld(address), { timeout: 120_000, interval: 2_000 }).toBe('0');
    expect(Number(await usdcHeld())).toBe(Number(hotBefore) + 20);
    await context.close();
  });
});
