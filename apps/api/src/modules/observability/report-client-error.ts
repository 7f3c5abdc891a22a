import type { FastifyBaseLogger } from 'fastify';
import type { ClientErrorReport } from '@rampart/contracts';
import { redactUrl } from '../../lib/logger';

const USER_AGENT_MAX = 300;

/**
 * R22 without a Sentry DSN: the SPA's error becomes one structured warn line in the API's log, beside the request's
 * own id, with the user's guid and email as the ruling asks. A query value that looks like a credential is
 * redacted from the page address, as in the request lines.
 */
export function reportClientError(
  log: FastifyBaseLogger,
  report: ClientErrorReport,
  meta: { userAgent: string | undefined },
): void {
  log.warn(
    {
      clientError: {
        message: report.message,
        ...(report.stack ? { stack: report.stack } : {}),
        url: redactUrl(report.url),
        release: report.release,
        ...(report.source ? { source: report.source } : {}),
        ...(report.userGuid ? { userGuid: report.userGuid } : {}),
        ...(report.email ? { email: report.email } : {}),
        ...(meta.userAgent ? { userAgent: meta.userAgent.slice(0, USER_AGENT_MAX) } : {}),
      },
    },
    'client error',
  );
}
