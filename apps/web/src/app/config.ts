import { configQuery } from '../lib/config';
import { api } from './api';

/** The configuration read through the app's own client, for the app shell outside React (start-up, Sentry). */
export const configQueryOptions = configQuery(api);
