/** The system module's surface (docs/architecture.md, "Modules"): health, readiness and the feature flags. */
export { systemRoutes } from './routes';
