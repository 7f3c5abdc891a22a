import escapeHtml from 'escape-html';
import { WITHDRAWAL_CONFIRM_HOURS } from '@rampart/contracts';

export type MailLocale = 'en' | 'es';

/** What the confirmation mail says about the withdrawal. */
export interface WithdrawalMailFacts {
  amount: string;
  fee: string;
  total: string;
  methodLabel: string;
  destination: string;
  link: string;
}

const TEXTS = {
  en: {
    subject: 'Confirm your Rampart withdrawal',
    lead: (f: WithdrawalMailFacts) =>
      `You asked to withdraw $${f.amount} by ${f.methodLabel} to ${f.destination}. The fee is $${f.fee}; $${f.total} leaves your balance.`,
    action: 'Confirm the withdrawal',
    footer: `The link works once and expires in ${WITHDRAWAL_CONFIRM_HOURS} hours; without confirmation the withdrawal is cancelled and the money stays in your balance. If you did not ask for this, do not open the link and contact support.`,
  },
  es: {
    subject: 'Confirma tu retiro de Rampart',
    lead: (f: WithdrawalMailFacts) =>
      `Has solicitado retirar $${f.amount} por ${f.methodLabel} a ${f.destination}. La comisión es de $${f.fee}; salen $${f.total} de tu saldo.`,
    action: 'Confirmar el retiro',
    footer: `El enlace solo sirve una vez y caduca en ${WITHDRAWAL_CONFIRM_HOURS} horas; sin confirmación el retiro se cancela y el dinero se queda en tu saldo. Si no lo has solicitado, no abras el enlace y contacta con soporte.`,
  },
} as const;

/** Method names in the mail, per language (the SPA translates its own). */
export const METHOD_NAMES: Record<MailLocale, Record<string, string>> = {
  en: { ach: 'ACH', us_wire: 'US wire', international_wire: 'international wire' },
  es: { ach: 'ACH', us_wire: 'transferencia nacional (EE. UU.)', international_wire: 'transferencia internacional' },
};

/** The withdrawal's confirmation mail, in the user's language (R18), in the identity module's style. */
export function renderWithdrawalMail(
  locale: MailLocale,
  facts: WithdrawalMailFacts,
): { subject: string; text: string; html: string } {
  const t = TEXTS[locale];
  const lead = t.lead(facts);
  const text = `${lead}\n\n${t.action}: ${facts.link}\n\n${t.footer}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1e293b">
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(facts.link)}" style="display:inline-block;padding:10px 16px;background:#6d28d9;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="color:#64748b">${escapeHtml(t.footer)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}
