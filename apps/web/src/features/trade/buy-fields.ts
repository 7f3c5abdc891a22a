/**
 * /trade/buy's asset select and the React Aria modules it needs (most of React Aria's shared code), in a chunk of its
 * own (vite.config.ts) that the app evaluates in a task of its own before the "pay with" radio group's and the buy
 * page's (decision 045): evaluating the whole page's code at once was one long task.
 */
export { AssetPicker } from './components/asset-picker';
