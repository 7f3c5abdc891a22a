import { useEffect, useRef, useState } from 'react';
import { CircleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton } from 'react-aria-components';
import { useApi } from '../lib/api';
import { checkService, isConnectionFailure, type ServiceReachability } from '../lib/service-check';

export interface AlertContent {
  message?: string;
  errors: string[];
  fields: [string, string][];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringRecord(value: unknown): [string, string][] {
  if (!isRecord(value) || Array.isArray(value)) return [];
  return Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

/**
 * What the global alert shows for a rejection reason (document 2, section 8 "Display"): its message,
 * each error message, each field as name then message. Understands the ApiError shape
 * (errors: string[], fields) and the raw reply shape (errors: { errors, fields }). Null when the
 * reason has none of them.
 */
export function alertContentOf(reason: unknown): AlertContent | null {
  if (!isRecord(reason)) return null;
  const message = typeof reason.message === 'string' && reason.message.trim() !== '' ? reason.message : undefined;
  let errors: string[] = [];
  let fields = stringRecord(reason.fields);
  if (Array.isArray(reason.errors)) {
    errors = reason.errors.filter((e): e is string => typeof e === 'string');
  } else if (isRecord(reason.errors)) {
    const nested = reason.errors;
    if (Array.isArray(nested.errors)) errors = nested.errors.filter((e): e is string => typeof e === 'string');
    if (fields.length === 0) fields = stringRecord(nested.fields);
  }
  if (!message && errors.length === 0 && fields.length === 0) return null;
  // The message of a validation reply often repeats the first error: show it once.
  return { message, errors: errors.filter((e) => e !== message), fields };
}

/**
 * The dismissible red alert at the top for any unhandled promise rejection. A connection failure also says whether
 * the user is offline or the service is down, from one health check (docs/decisions/063).
 */
export function GlobalAlert() {
  const { t } = useTranslation();
  const api = useApi();
  const [alerts, setAlerts] = useState<(AlertContent & { id: number; service?: ServiceReachability })[]>([]);
  // Several calls failing together share one health check.
  const checking = useRef<Promise<ServiceReachability> | null>(null);

  useEffect(() => {
    let nextId = 1;
    let live = true;
    const onRejection = (event: PromiseRejectionEvent) => {
      const content = alertContentOf(event.reason);
      if (!content) return;
      const id = nextId++;
      setAlerts((current) => [...current.slice(-2), { ...content, id }]);
      if (!isConnectionFailure(event.reason)) return;
      checking.current ??= checkService(api).finally(() => {
        checking.current = null;
      });
      void checking.current.then((service) => {
        if (live) setAlerts((current) => current.map((alert) => (alert.id === id ? { ...alert, service } : alert)));
      });
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      live = false;
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [api]);

  if (alerts.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {alerts.map((alert) => (
        <div
          key={alert.id}
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-danger bg-danger-soft py-3 pr-2 pl-4 text-ink"
        >
          <CircleAlert size={20} className="mt-0.5 shrink-0 text-danger" aria-hidden="true" />
          <div className="min-w-0 flex-1 py-0.5 text-sm break-words">
            {alert.message ? <p className="font-semibold">{alert.message}</p> : null}
            {alert.service ? <p className="mt-1">{t(`service.${alert.service}`)}</p> : null}
            {alert.errors.length > 0 || alert.fields.length > 0 ? (
              <ul className="mt-1 flex flex-col gap-0.5">
                {alert.errors.map((error, i) => (
                  <li key={`e${i}`}>{error}</li>
                ))}
                {alert.fields.map(([name, message]) => (
                  <li key={`f${name}`}>
                    <span className="font-semibold">{name}</span> {message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <AriaButton
            aria-label={t('globalAlert.dismiss')}
            onPress={() => setAlerts((current) => current.filter((a) => a.id !== alert.id))}
            className="-my-1 flex min-h-11 min-w-11 items-center justify-center rounded-lg text-danger outline-none data-[hovered]:bg-surface/60 data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
          >
            <X size={18} aria-hidden="true" />
          </AriaButton>
        </div>
      ))}
    </div>
  );
}
