export * from './addresses';
export * from './memo';
export { toEip55 } from './codecs';
