/**
 * R22's constants without zod (decision 036): the SPA's reporter is in the entry chunk, which must not pull the schema
 * library in (see apps/web/src/app/session.ts). The schemas in observability.ts are built from these.
 */

/** The product events of the specification (document 1 section 4, document 2 section 8), as the metric names them. */
export const PRODUCT_EVENTS = ['sign_up', 'login', 'document_submitted', 'identity_widget_error'] as const;
export type ProductEvent = (typeof PRODUCT_EVENTS)[number];

/** Limits the SPA's reporter truncates to before sending, and the API refuses beyond. */
export const CLIENT_ERROR_LIMITS = {
  message: 2000,
  stack: 16_000,
  url: 2048,
  userGuid: 64,
  email: 254,
  release: 64,
  /** Bytes of one request body, well above the sum of the fields above. */
  bodyBytes: 32 * 1024,
} as const;

export const ANALYTICS_LIMITS = {
  properties: 10,
  propertyName: 40,
  propertyValue: 200,
  bodyBytes: 4 * 1024,
} as const;

/** Where the SPA's reporter caught an error. */
export const CLIENT_ERROR_SOURCES = ['error', 'unhandledrejection', 'react'] as const;
export type ClientErrorSource = (typeof CLIENT_ERROR_SOURCES)[number];
