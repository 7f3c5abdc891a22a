/** Rampart's version (R19). Tests run without Vite's define, hence the fallback. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';
