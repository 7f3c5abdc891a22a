// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { reactAriaLazyIntl, reactAriaLocaleCheck } from '../../vite.config';

// Decision 043: the build swaps React Aria's costly locale check for Intl.Locale. This reads the installed React Aria,
// so an update that changes the code's shape fails here rather than silently bringing the cost back.
describe("the build's React Aria locale check", () => {
  const require = createRequire(import.meta.url);
  const file = path.join(
    path.dirname(require.resolve('react-aria/package.json')),
    'dist/private/i18n/useDefaultLocale.mjs',
  );

  it('replaces Intl.DateTimeFormat.supportedLocalesOf with Intl.Locale, which refuses the same malformed tags', () => {
    const plugin = reactAriaLocaleCheck();
    const warn = vi.fn();
    const transform = plugin.transform as (
      this: { warn(message: string): void },
      code: string,
      id: string,
    ) => { code: string } | null;
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

// Decision 045: React Aria's isRTL answers English and Spanish tags without ICU, and its collator is made on first use.
describe("the build's lazy React Aria Intl calls", () => {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('react-aria/package.json')), 'dist/private/i18n');
  const plugin = reactAriaLazyIntl();
  const transform = plugin.transform as (
    this: { warn(message: string): void },
    code: string,
    id: string,
  ) => { code: string } | null;
  /** The module's code as a function body returning the export named `name` (the modules import nothing else here). */
  const exported = (code: string, name: string, imports = '') => {
    const local = new RegExp(`export \\{[^}]*?(\\$[\\w$]+) as ${name}\\b`).exec(code)?.[1];
    if (!local) throw new Error(`${name} is not exported`);
    const body = code
      .replace(/^import .*$/gm, '')
      .replace(/^export \{[^}]*\};?$/gm, '')
      .replace(/^\/\/# sourceMappingURL.*$/gm, '');
    return new Function(`${imports}\n${body}\nreturn ${local};`) as () => unknown;
  };

  it('isRTL gives the same answer, without maximizing English and Spanish tags', () => {
    const file = path.join(dir, 'utils.mjs');
    const original = readFileSync(file, 'utf8');
    const warn = vi.fn();
    const patched = transform.call({ warn }, original, file)?.code ?? '';
    expect(warn).not.toHaveBeenCalled();
    const isRtl = exported(original, 'isRTL')() as (tag: string) => boolean;
    const patchedIsRtl = exported(patched, 'isRTL')() as (tag: string) => boolean;
    for (const tag of [
      'en',
      'en-US',
      'EN-gb',
      'es',
      'es-MX',
      'es-419',
      'en-Arab',
      'ar',
      'ar-EG',
      'he-IL',
      'fa',
      'ur-PK',
      'fr-FR',
      'zh-Hant-TW',
      'ks-Deva',
    ]) {
      expect(patchedIsRtl(tag), tag).toBe(isRtl(tag));
    }
    const maximize = vi.spyOn(Intl.Locale.prototype, 'maximize');
    expect(patchedIsRtl('en-US')).toBe(false);
    expect(patchedIsRtl('es-419')).toBe(false);
    expect(maximize).not.toHaveBeenCalled();
    expect(patchedIsRtl('ar-EG')).toBe(true);
    expect(maximize).toHaveBeenCalled();
    maximize.mockRestore();
  });

  it('useCollator makes its Intl.Collator on the first comparison, with the same locale and options', () => {
    const file = path.join(dir, 'useCollator.mjs');
    const original = readFileSync(file, 'utf8');
    const warn = vi.fn();
    const patched = transform.call({ warn }, original, file)?.code ?? '';
    expect(warn).not.toHaveBeenCalled();
    expect(original).toContain('new Intl.Collator(locale, options)');
    const useLocale = 'const $2eb8e6d23f3d0cb0$export$43bb16f9c6d9e3f7 = () => ({ locale: "es-US" });';
    expect(patched).toMatch(/import \{useLocale as (\$[\w$]+)\}/);
    const alias = /import \{useLocale as (\$[\w$]+)\}/.exec(patched)?.[1] ?? '';
    const useCollator = exported(
      patched,
      'useCollator',
      useLocale.replace('$2eb8e6d23f3d0cb0$export$43bb16f9c6d9e3f7', alias),
    )() as (options?: Intl.CollatorOptions) => Intl.Collator;
    const Collator = Intl.Collator;
    const made: unknown[][] = [];
    Intl.Collator = class extends Collator {
      constructor(...args: ConstructorParameters<typeof Intl.Collator>) {
        super(...args);
        made.push(args);
      }
    } as typeof Intl.Collator;
    try {
      const collator = useCollator({ usage: 'search', sensitivity: 'base' });
      expect(made).toHaveLength(0);
      expect(useCollator({ usage: 'search', sensitivity: 'base' })).toBe(collator);
      expect(collator.compare('Á', 'a')).toBe(0);
      expect(collator.compare('b', 'a')).toBe(1);
      expect(made).toEqual([['es-US', { usage: 'search', sensitivity: 'base' }]]);
      expect(collator.resolvedOptions().sensitivity).toBe('base');
    } finally {
      Intl.Collator = Collator;
    }
    // Other modules are left alone.
    expect(transform.call({ warn }, original, '/x/node_modules/other/index.mjs')).toBeNull();
  });

  it('useListFormatter makes its Intl.ListFormat when first used, with the same locale and options', () => {
    const file = path.join(dir, 'useListFormatter.mjs');
    const original = readFileSync(file, 'utf8');
    const warn = vi.fn();
    const patched = transform.call({ warn }, original, file)?.code ?? '';
    expect(warn).not.toHaveBeenCalled();
    expect(original).toContain('new Intl.ListFormat(locale, options)');
    const locale = /import \{useLocale as (\$[\w$]+)\}/.exec(patched)?.[1] ?? '';
    const react = /import \{useMemo as (\$[\w$]+)\}/.exec(patched)?.[1] ?? '';
    expect(locale).not.toBe('');
    expect(react).not.toBe('');
    const imports = `const ${locale} = () => ({ locale: 'es-US' }); const ${react} = (make) => make();`;
    const useListFormatter = exported(patched, 'useListFormatter', imports)() as (
      options?: Intl.ListFormatOptions,
    ) => Intl.ListFormat;
    const ListFormat = Intl.ListFormat;
    const made: unknown[][] = [];
    const intl = Intl as { ListFormat: typeof Intl.ListFormat };
    intl.ListFormat = class extends ListFormat {
      constructor(...args: ConstructorParameters<typeof Intl.ListFormat>) {
        super(...args);
        made.push(args);
      }
    } as typeof Intl.ListFormat;
    try {
      const formatter = useListFormatter();
      expect(made).toHaveLength(0);
      expect(formatter.format(['a', 'b', 'c'])).toBe(new ListFormat('es-US').format(['a', 'b', 'c']));
      expect(formatter.formatToParts(['a', 'b'])).toEqual(new ListFormat('es-US').formatToParts(['a', 'b']));
      expect(made).toEqual([['es-US', {}]]);
    } finally {
      intl.ListFormat = ListFormat;
    }
  });
});
