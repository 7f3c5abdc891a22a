/**
 * What the app imports to evaluate zod's own chunk (vite.config.ts) in a task of its own, before the chunk that builds
 * /trade/buy's schemas with it (decision 045). A named export, not the namespace: a dynamic import of `zod` itself
 * would keep all of zod (its 60 locales, JSON schema) in the build.
 */
export { ZodObject } from 'zod';
