import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Brotli and gzip copies of every emitted text file over 1 KB, which the API's static server sends to browsers that
 * accept them (apps/api/src/plugins/spa.ts, preCompressed): compressed once at build time, at the highest levels
 * (decision 040).
 */
function precompress(): Plugin {
  return {
    name: 'rampart-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const full = path.join(dir, file);
        const data = readFileSync(full);
        if (data.length < 1024) continue;
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(data, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** V8's explicit compile hint (Chrome 136 and later): a file that starts with it is compiled whole, eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Decision 048: every JavaScript file of the build starts with V8's compile hint, so Chrome compiles its functions on a
 * background thread while the file streams in, instead of each on the main thread the first time it is called. The
 * app's chunks are loaded only by the pages that run them, so little of what is compiled goes unused; on a load of
 * /trade/buy the main thread's lazy compiling after the first paint went from 64-86 ms to 1-10 ms. Other browsers read
 * a comment. Added after minification (which would drop the comment) and before precompress() reads the files.
 */
export function compileHints(): Plugin {
  return {
    name: 'rampart-compile-hints',
    apply: 'build',
    // Last, after Vite writes its preload list at the top of the files that load others.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && !file.code.startsWith(COMPILE_HINT)) file.code = `${COMPILE_HINT}\n${file.code}`;
        }
      },
    },
  };
}

/**
 * Decision 043: React Aria checks the browser's language with `Intl.DateTimeFormat.supportedLocalesOf` when its i18n
 * module loads (react-aria's useDefaultLocale). The first call of that function in a page lists every locale the
 * browser's ICU has: 30-120 ms on the benchmark machine, the largest single cost in evaluating /trade/buy's chunk (about
 * a quarter of its task), times four in Lighthouse's simulation. The check only catches a malformed tag (it throws a
 * RangeError, and React Aria falls back to en-US); `new Intl.Locale(tag)` throws the same error for the same tags and
 * costs nothing. If React Aria's code changes shape, the build says so and leaves it as it is.
 */
export function reactAriaLocaleCheck(): Plugin {
  const target = /[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]useDefaultLocale\.m?js$/;
  return {
    name: 'rampart-react-aria-locale-check',
    transform(code, id) {
      if (!target.test(id)) return null;
      const patched = code.replace(
        /Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*(\w+)\s*\]\)/,
        'new Intl.Locale($1)',
      );
      if (patched === code) {
        this.warn(
          "React Aria's locale check was not found: the costly supportedLocalesOf call is left in (decision 043)",
        );
        return null;
      }
      return { code: patched, map: null };
    },
  };
}

/**
 * `code` with its `new Intl.<name>(locale, options)` replaced by an object that makes that Intl object on its first
 * use and forwards `methods` to it (decision 045); null when the code has no such call.
 */
function lazyIntl(code: string, name: 'Collator' | 'ListFormat', methods: readonly string[]): string | null {
  const maker = `rampartLazy${name}`;
  const patched = code.replace(new RegExp(`new Intl\\.${name}\\((\\w+), (\\w+)\\)`), `${maker}($1, $2)`);
  if (patched === code) return null;
  const forwarded = methods.map((method) => `${method}: (...args) => made().${method}(...args)`).join(', ');
  return `${patched}
function ${maker}(locale, options) {
  let made_ = null;
  const made = () => made_ || (made_ = new Intl.${name}(locale, options));
  return { ${forwarded} };
}
`;
}

/**
 * Decision 045: two more of React Aria's first Intl calls on /trade/buy, each 20-45 ms on the benchmark machine (the
 * ICU data a page's first such call loads), times four in Lighthouse's simulation:
 * - `isRTL` (react-aria's i18n utils), run when React Aria's i18n module loads, maximizes the browser's locale to
 *   read its text direction. A bare English or Spanish tag (a language, at most a region, no script) is written in
 *   the Latin script, left to right: it answers false for those without asking ICU, and asks as before for any other.
 * - `useCollator` makes its Intl.Collator in the select's first render, for typing to find an option. It is made on
 *   its first comparison instead (a key typed in a list), the same collator for the same locale and options.
 * - `useListFormatter` makes an Intl.ListFormat in every render of a select's value (its options default to a new
 *   object, so its memo never holds; 48 ms the first time in a profile of /trade/buy), which only a select of several
 *   values uses. It is made when first used, with the same locale and options.
 * If React Aria's code changes shape, the build says so and leaves it as it is.
 */
export function reactAriaLazyIntl(): Plugin {
  const utils = /[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]utils\.m?js$/;
  const collator = /[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]useCollator\.m?js$/;
  const listFormat = /[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]useListFormatter\.m?js$/;
  return {
    name: 'rampart-react-aria-lazy-intl',
    transform(code, id) {
      if (utils.test(id)) {
        const patched = code.replace(
          /(\(localeString\) \{)((?:\s*\/\/.*)*\s*if \(Intl\.Locale\) \{\s*let locale = new Intl\.Locale\(localeString\)\.maximize\(\))/,
          '$1\n    if (/^(?:en|es)(?:-(?:[a-z]{2}|\\d{3}))?$/i.test(localeString)) return false;$2',
        );
        if (patched === code) {
          this.warn("React Aria's isRTL was not found: its Intl.Locale maximize() call is left in (decision 045)");
          return null;
        }
        return { code: patched, map: null };
      }
      if (collator.test(id)) {
        const patched = lazyIntl(code, 'Collator', ['compare', 'resolvedOptions']);
        if (patched === null)
          this.warn("React Aria's useCollator was not found: its collator is made in the first render (decision 045)");
        return patched === null ? null : { code: patched, map: null };
      }
      if (listFormat.test(id)) {
        const patched = lazyIntl(code, 'ListFormat', ['format', 'formatToParts', 'resolvedOptions']);
        if (patched === null)
          this.warn(
            "React Aria's useListFormatter was not found: a select makes its list format in every render (decision 045)",
          );
        return patched === null ? null : { code: patched, map: null };
      }
      return null;
    },
  };
}

// R19: the version label shows Rampart's own version, which lives in the root package.json.
const rootPackage = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as {
  version: string;
};

// The API that `vite` (the dev server of `npm run dev`, scripts/dev.mjs) and `vite preview` send /api to: PORT, as the
// API itself reads it.
const apiTarget = `http://localhost:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), compileHints(), precompress(), reactAriaLocaleCheck(), reactAriaLazyIntl()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: {
    proxy: {
      '/api': apiTarget,
    },
  },
  preview: {
    proxy: {
      '/api': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets a size report find the chunks of each route (the /auth entry must stay small).
    manifest: true,
    // The API serves the SPA under a CSP without 'unsafe-inline': never inline assets as data: URLs
    // that a stricter policy would refuse, and keep CSS in files.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically lands in the entry's own file (decision 042): not ~20 small chunks,
            // each a round trip before the first paint. Lazy pages import what they share with it from there.
            { name: 'app', tags: ['$initial'] },
            // The shared UI parts that lazy pages use and the entry does not (the message block, the link buttons, the
            // icons' common code): grouped by the pages that use them (entriesAware), so that a small page such as the not-found
            // one loads only its own and not /trade/buy's chunks, which held them (290 KB for the not-found page). Their
            // dependencies stay with the pages that use them.
            {
              name: 'ui',
              test: /[\\/]src[\\/]components[\\/]ui[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/,
              includeDependenciesRecursively: false,
              entriesAware: true,
            },
            // Decision 084: the address and memo checks with their base58, bech32 and hash code, which a form loads when
            // an address is first typed, left or submitted (apps/web/src/lib/address-checks.ts), in a chunk of their own:
            // not in /trade/buy's, whose group would otherwise take them in as its dependencies.
            {
              name: 'address-checks',
              test: /[\\/]src[\\/]lib[\\/]address-checks-code\.ts$|[\\/]contracts[\\/]src[\\/]networks[\\/](addresses|codecs)\.ts$|[\\/]node_modules[\\/]@(scure[\\/]base|noble[\\/]hashes)[\\/]/,
              includeDependenciesRecursively: false,
            },
            // /trade/buy, the trade page most often opened first, with everything it needs that the entry does not have
            // (the contracts' schemas, the form's parts…) and its early reads, in one chunk of its
            // own: not the other trade pages' dependencies (QR code, dialogs, identity rules), and one file rather than
            // ~30, each a request and a preload link to add (decision 043). The other trade pages import from it.
            // Decision 045: in three chunks that the app evaluates one after the other, each in a task of its own
            // (routes.tsx), rather than in one long task: zod's core (which other pages share), the early reads with the
            // contracts' schemas, then the page (React Aria's select and radio group, which had a chunk each, gave way to
            // the browser's own controls: decision 084).
            {
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/](index\.js|v4[\\/](core|classic)[\\/])|[\\/]src[\\/]features[\\/]trade[\\/]zod-first\.ts$/,
            },
            { name: 'trade-buy-reads', test: /[\\/]src[\\/]features[\\/]trade[\\/]prefetch\.ts$/ },
            { name: 'trade-buy', test: /[\\/]src[\\/]features[\\/]trade[\\/]buy-route\.tsx$/ },
            // The other trade pages' own modules in one chunk (not their shared dependencies, which /auth's page uses too).
            { name: 'trade', test: /[\\/]src[\\/]features[\\/]trade[\\/]/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
