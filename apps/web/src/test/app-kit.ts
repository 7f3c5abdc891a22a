/*
 * The app's own providers and session, for the tests of a feature that render it as the app does. Test code may
 * compose the app; a feature's own code never imports app/ (docs/decisions/079-web-feature-isolation.md).
 */
export { AppProviders, createQueryClient } from '../app/providers';
export { createSession, type Session } from '../app/session';
export { AppLayout } from '../app/layout';
