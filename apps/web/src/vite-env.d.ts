/// <reference types="vite/client" />

/** Rampart's version from the root package.json, injected by vite.config.ts (R19). */
declare const __APP_VERSION__: string;
