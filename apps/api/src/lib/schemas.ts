import { ApiErrorBody } from '@rampart/contracts';

/** Every route declares its error replies too (docs/design-brief.md, section 2): one shape for all of them. */
export const errorResponses = {
  '4xx': ApiErrorBody,
  '5xx': ApiErrorBody,
} as const;
