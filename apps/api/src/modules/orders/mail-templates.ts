import escapeHtml from 'escape-html';
import type { OrderStatus } from '@rampart/contracts';

export type MailLocale = 'en' | 'es';

export interface OrderMailFacts {
  side: 'buy' | 'sell';
  sell: string;
  receive: string;
  link: string;
  /** The short tracking link (`/r/<shortId>`), easy to copy and share. */
  shortLink: string;
  txHash: string | null;
}

const STATUS_TEXT: Record<MailLocale, Record<OrderStatus, string>> = {
  en: {
    awaiting_funds: 'is waiting for your payment',
    funds_received: 'has received your payment',
    delivering: 'is being delivered',
    awaiting_deposit: 'is waiting for your deposit',
    deposit_received: 'has received your deposit',
    paying_out: 'is being paid out',
    completed: 'is complete',
    cancelled: 'was cancelled',
    expired: 'has expired',
    failed: 'has failed',
    refunded: 'was refunded to your USD balance',
  },
  es: {
    awaiting_funds: 'está esperando tu pago',
    funds_received: 'ha recibido tu pago',
    delivering: 'se está entregando',
    awaiting_deposit: 'está esperando tu depósito',
    deposit_received: 'ha recibido tu depósito',
    paying_out: 'se está pagando',
    completed: 'se ha completado',
    cancelled: 'se ha cancelado',
    expired: 'ha caducado',
    failed: 'ha fallado',
    refunded: 'se ha reembolsado a tu saldo en USD',
  },
};

const TEXTS = {
  en: {
    order: (side: 'buy' | 'sell') => (side === 'buy' ? 'Your Rampart purchase' : 'Your Rampart sale'),
    detail: (f: OrderMailFacts) => `You give ${f.sell} and receive ${f.receive}.`,
    tx: 'Transaction',
    action: 'Track your order',
    short: 'Short link to share',
  },
  es: {
    order: (side: 'buy' | 'sell') => (side === 'buy' ? 'Tu compra en Rampart' : 'Tu venta en Rampart'),
    detail: (f: OrderMailFacts) => `Entregas ${f.sell} y recibes ${f.receive}.`,
    tx: 'Transacción',
    action: 'Seguir tu orden',
    short: 'Enlace corto para compartir',
  },
} as const;

/** The mail of one state change, in the user's language (R18), with the public tracking link. */
export function renderOrderMail(
  locale: MailLocale,
  status: OrderStatus,
  facts: OrderMailFacts,
): { subject: string; text: string; html: string } {
  const t = TEXTS[locale];
  const subject = `${t.order(facts.side)} ${STATUS_TEXT[locale][status]}`;
  const lines = [`${subject}.`, t.detail(facts), ...(facts.txHash ? [`${t.tx}: ${facts.txHash}`] : [])];
  const text = `${lines.join('\n')}\n\n${t.action}: ${facts.link}\n${t.short}: ${facts.shortLink}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1e293b">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(facts.link)}" style="display:inline-block;padding:10px 16px;background:#6d28d9;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p>${escapeHtml(t.short)}: <a href="${escapeHtml(facts.shortLink)}">${escapeHtml(facts.shortLink)}</a></p>
</body></html>`;
  return { subject, text, html };
}
