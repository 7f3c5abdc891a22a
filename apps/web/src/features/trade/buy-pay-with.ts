/**
 * /trade/buy's "pay with" radio group and what it needs beyond the asset select's chunk, in a chunk of its own
 * (vite.config.ts), evaluated in a task of its own after that one (decision 045).
 */
export { PayWith } from './components/pay-with';
