/** The observability module's surface (docs/architecture.md, "Modules"): metrics, analytics events, client errors. */
export { createMetrics, observeRequests, type Metrics } from './metrics';
export { observabilityRoutes } from './routes';
