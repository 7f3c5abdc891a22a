/** The sandbox module's surface (docs/architecture.md, "Modules"): the sandbox screen's account shortcuts. */
export { sandboxRoutes } from './routes';
export type { SandboxContext } from './context';
