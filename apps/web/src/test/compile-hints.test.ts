// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../vite.config';

type Handler = (
  options: unknown,
  bundle: Record<string, { type: 'chunk'; code: string } | { type: 'asset'; source: string }>,
) => void;

// Decision 048: every JavaScript file of the build starts with V8's compile hint (the browser journeys check the served files).
describe("the build's compile hints", () => {
  const plugin = compileHints();
  const hook = plugin.generateBundle as { order: string; handler: Handler };

  it('puts the hint on the first line of every chunk, once, and leaves other files alone', () => {
    const bundle = {
      'assets/index.js': { type: 'chunk' as const, code: 'const __vite__mapDeps=0;import "./a.js";' },
      'assets/page.js': { type: 'chunk' as const, code: `${COMPILE_HINT}\nexport const a = 1;` },
      'assets/index.css': { type: 'asset' as const, source: 'body{}' },
    };
    hook.handler({}, bundle);
    expect(bundle['assets/index.js'].code).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=0;import "./a.js";`);
    expect(bundle['assets/page.js'].code).toBe(`${COMPILE_HINT}\nexport const a = 1;`);
    expect(bundle['assets/index.css'].source).toBe('body{}');
  });

  it('runs after the other plugins have written the chunks (Vite adds its preload list at the top of some)', () => {
    expect(plugin.enforce).toBe('post');
    expect(hook.order).toBe('post');
  });
});
