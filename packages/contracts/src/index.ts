export * from './errors';
export * from './config';
export * from './health';
export * from './session';
export * from './rules';
export * from './catalogue/jurisdictions';
export * from './zod-messages';
export * from './identity';
