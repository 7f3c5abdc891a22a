/** The cards module's surface (decision 017): card methods, card deposits and the hosted card form. */
export { cardRoutes } from './routes';
export { cardFormRoutes, cardFormPolicy } from './hosted-form/form-routes';
export type { CardsContext } from './context';
