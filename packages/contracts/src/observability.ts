import { z } from 'zod';
import { ANALYTICS_LIMITS, CLIENT_ERROR_LIMITS, CLIENT_ERROR_SOURCES, PRODUCT_EVENTS } from './observability-constants';

/**
 * R22: error reports and product events (decision 036). Both endpoints are public (sign-up happens before a
 * session), so every field is bounded: a report is a log line, never a way to fill the disk.
 */

/** POST /api/client-errors: one error seen in the browser, written to the API's log (when no Sentry DSN is set). */
export const ClientErrorReport = z
  .object({
    message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
    stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
    url: z.string().min(1).max(CLIENT_ERROR_LIMITS.url),
    userGuid: z.string().max(CLIENT_ERROR_LIMITS.userGuid).optional(),
    email: z.string().max(CLIENT_ERROR_LIMITS.email).optional(),
    release: z.string().min(1).max(CLIENT_ERROR_LIMITS.release),
    /** Where the reporter caught it: a window error, an unhandled rejection, or React's error handling. */
    source: z.enum(CLIENT_ERROR_SOURCES).optional(),
  })
  .strict()
  .meta({ id: 'ClientErrorReport' });
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;

const PropertyValue = z.union([z.string().max(ANALYTICS_LIMITS.propertyValue), z.number(), z.boolean()]);

/** POST /api/analytics: one product event from the SPA; a few small properties, never personal data. */
export const AnalyticsEvent = z
  .object({
    event: z.enum(PRODUCT_EVENTS),
    // The one free-form map of a request body: names of the SPA's choosing, bounded in number and size. The event
    // itself refuses unknown fields (docs/decisions/103-every-request-body-refuses-unknown-fields.md).
    properties: z
      .record(z.string().min(1).max(ANALYTICS_LIMITS.propertyName), PropertyValue)
      .refine(
        (p) => Object.keys(p).length <= ANALYTICS_LIMITS.properties,
        `At most ${ANALYTICS_LIMITS.properties} properties`,
      )
      .optional(),
  })
  .strict()
  .meta({ id: 'AnalyticsEvent' });
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

/** 202 of both: the report was taken; nothing to wait for. */
export const AcceptedReply = z.object({ accepted: z.literal(true) }).meta({ id: 'Accepted' });
export type AcceptedReply = z.infer<typeof AcceptedReply>;
