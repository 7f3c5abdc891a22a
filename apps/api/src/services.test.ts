import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** The factories of providers and of the contexts that wrap them; only the composition root may call them. */
const FACTORIES = [
  'createMailer',
  'createLogSmsSender',
  'createSandboxCustodian',
  'createSandboxIdentityDocuments',
  'createSandboxChainGateway',
  'createPriceProvider',
  'createHttpFeedPriceProvider',
  'createTablePriceProvider',
  'createSandboxCardProcessor',
  'createLocalFolderStorage',
  'createSandboxBankLink',
  'loadSandboxBankLinkSecret',
  'createIdentityContext',
  'createTradeStepUp',
  'ordersContextFrom',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** A call of the factory, not its definition (`function name(`) nor a mention in a comment. */
function callsOf(text: string, name: string): number {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return [...code.matchAll(new RegExp(`(?<!function\\s)\\b${name}\\(`, 'g'))].length;
}

describe('one composition root (decision 076)', () => {
  it('builds providers and the contexts around them only in services.ts', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      // The providers' own files compose each other (the price feed picks its kind); services.ts is the root.
      if (relative === 'services.ts' || relative.startsWith('providers/')) continue;
      const text = readFileSync(file, 'utf8');
      for (const name of FACTORIES) if (callsOf(text, name) > 0) offenders.push(`${relative}: ${name}(`);
    }
    expect(offenders).toEqual([]);
  });

  it('has every entry point take its services from createServices', () => {
    const entryPoints = ['server.ts', 'worker.ts', 'admin/context.ts'];
    for (const file of entryPoints) {
      const text = readFileSync(path.join(SRC, file), 'utf8');
      expect(callsOf(text, 'createServices'), file).toBe(1);
    }
    // The app, the job list and the worker loop are given the services; they make none of their own.
    for (const file of ['app.ts', 'jobs/registry.ts', 'jobs/work-loop.ts']) {
      const text = readFileSync(path.join(SRC, file), 'utf8');
      expect(callsOf(text, 'createServices'), file).toBe(0);
      expect(text, file).toMatch(/\bServices\b/);
    }
  });

  it('sees a call and ignores a definition or a comment', () => {
    expect(callsOf('const g = createSandboxChainGateway({});', 'createSandboxChainGateway')).toBe(1);
    expect(callsOf('export function createSandboxChainGateway(o) {}', 'createSandboxChainGateway')).toBe(0);
    expect(callsOf('// createSandboxChainGateway(...) here', 'createSandboxChainGateway')).toBe(0);
  });
});
