// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { reactAriaLocaleCheck } from '../../vite.config';

// Decision 043: the build swaps React Aria's costly locale check for Intl.Locale. This reads the installed React Aria,
// so an update that changes the code's shape fails here rather than silently bringing the cost back.
describe("the build's React Aria locale check", () => {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('react-aria/package.json')), 'dist/private/i18n/useDefaultLocale.mjs');

  it('replaces Intl.DateTimeFormat.supportedLocalesOf with Intl.Locale, which refuses the same malformed tags', () => {
    const plugin = reactAriaLocaleCheck();
    const warn = vi.fn();
    const transform = plugin.transform as (this: { warn(message: string): void }, code: string, id: string) => { code: string } | null;
    const original = readFileSync(file, 'utf8');
    expect(original).toContain('supportedLocalesOf');
    const result = transform.call({ warn }, original, file);
    expect(warn).not.toHaveBeenCalled();
    expect(result?.code).not.toContain('supportedLocalesOf');
    expect(result?.code).toContain('new Intl.Locale(locale)');
    // Other modules are left alone.
    expect(transform.call({ warn }, original, '/x/node_modules/other/index.mjs')).toBeNull();
    // What the check relies on: both refuse a malformed tag with a RangeError, and accept a well-formed one.
    expect(() => new Intl.Locale('en-US@posix')).toThrow(RangeError);
    expect(() => Intl.DateTimeFormat.supportedLocalesOf(['en-US@posix'])).toThrow(RangeError);
    expect(new Intl.Locale('es-MX').language).toBe('es');
  });
});
