/**
 * /trade/buy's React Aria fields (the asset select and the "pay with" radio group) and the React Aria modules they
 * need, in a chunk of their own (vite.config.ts) that the app evaluates in a task of its own before the buy page's
 * (decision 045): evaluating the whole page's code at once was one long task.
 */
export { AssetPicker } from './components/asset-picker';
export { PayWith } from './components/pay-with';
