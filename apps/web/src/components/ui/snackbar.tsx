import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton } from 'react-aria-components';
import { CLIENT_CONSTANTS } from '@rampart/contracts';

export const SNACKBAR_SEVERITIES = {
  success: { icon: CheckCircle2, className: 'border-success text-success', role: 'status' },
  info: { icon: Info, className: 'border-primary text-primary-ink', role: 'status' },
  warning: { icon: AlertTriangle, className: 'border-warning text-warning', role: 'alert' },
  error: { icon: XCircle, className: 'border-danger text-danger', role: 'alert' },
} as const;
export type SnackbarSeverity = keyof typeof SNACKBAR_SEVERITIES;

export interface SnackbarOptions {
  message: string;
  severity?: SnackbarSeverity;
  /** Defaults to 6 s (document 2, section 9). */
  autoHideMs?: number;
}

interface SnackbarItem extends Required<SnackbarOptions> {
  id: number;
}

interface SnackbarApi {
  show(options: SnackbarOptions): number;
  dismiss(id: number): void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}

function SnackbarMessage({ item, onDismiss }: { item: SnackbarItem; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(item.autoHideMs);

  // The timer pauses while the pointer or focus is on the message, so it can be read (WCAG 2.2.1).
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(1000, remaining.current - (Date.now() - started));
    };
  }, [paused, item.id, onDismiss]);

  const severity = SNACKBAR_SEVERITIES[item.severity];
  const Icon = severity.icon;
  return (
    <div
      role={severity.role}
      data-severity={item.severity}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={[
        'pointer-events-auto flex w-full items-start gap-3 rounded-xl border-l-4 bg-surface py-3 pr-2 pl-4 shadow-lg ring-1 ring-line',
        severity.className,
      ].join(' ')}
    >
      <Icon size={20} className="mt-0.5 shrink-0" aria-hidden="true" />
      <p className="flex-1 py-0.5 text-sm font-medium text-ink">{item.message}</p>
      <AriaButton
        aria-label={t('snackbar.dismiss')}
        onPress={() => onDismiss(item.id)}
        className="-my-1 flex min-h-11 min-w-11 items-center justify-center rounded-lg text-ink-muted outline-none data-[hovered]:bg-surface-muted data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
      >
        <X size={18} aria-hidden="true" />
      </AriaButton>
    </div>
  );
}

/** The snackbar of document 1: top right under the header, hides itself after 6 s, one dismiss button per message. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<SnackbarItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const show = useCallback((options: SnackbarOptions) => {
    const id = nextId.current++;
    const item: SnackbarItem = {
      id,
      message: options.message,
      severity: options.severity ?? 'info',
      autoHideMs: options.autoHideMs ?? CLIENT_CONSTANTS.snackbarAutoHideMs,
    };
    // At most three at once: the oldest goes first.
    setItems((current) => [...current.slice(-2), item]);
    return id;
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <div
        // Below the header (60 px and its border), so a toast never covers its controls (decision 055).
        className="pointer-events-none fixed top-[4.25rem] right-3 left-3 z-50 flex flex-col items-end gap-2 sm:left-auto sm:w-96"
      >
        {items.map((item) => (
          <SnackbarMessage key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </div>
    </SnackbarContext.Provider>
  );
}
