import escapeHtml from 'escape-html';
import { WITHDRAWAL_CONFIRM_HOURS } from '@rampart/contracts';

export type MailLocale = 'en' | 'es';

/** What the confirmation mail of an asset withdrawal says (decision 054). */
export interface AssetWithdrawalMailFacts {
  amount: string;
  assetTicker: string;
  network: string;
  address: string;
  link: string;
}

const TEXTS = {
  en: {
    subject: 'Confirm your Rampart crypto withdrawal',
    lead: (f: AssetWithdrawalMailFacts) =>
      `You asked to send ${f.amount} ${f.assetTicker} on ${f.network} to ${f.address}. A crypto withdrawal cannot be reversed once it is sent.`,
    action: 'Confirm the withdrawal',
    footer: `The link works once and expires in ${WITHDRAWAL_CONFIRM_HOURS} hours; without confirmation the withdrawal is cancelled and the asset stays in your account. If you did not ask for this, do not open the link and contact support.`,
  },
  es: {
    subject: 'Confirma tu retiro de cripto de Rampart',
    lead: (f: AssetWithdrawalMailFacts) =>
      `Has solicitado enviar ${f.amount} ${f.assetTicker} por ${f.network} a ${f.address}. Un retiro de cripto no se puede revertir una vez enviado.`,
    action: 'Confirmar el retiro',
    footer: `El enlace solo sirve una vez y caduca en ${WITHDRAWAL_CONFIRM_HOURS} horas; sin confirmación el retiro se cancela y el activo se queda en tu cuenta. Si no lo has solicitado, no abras el enlace y contacta con soporte.`,
  },
} as const;

/** The asset withdrawal's confirmation mail, in the user's language (R18), in the USD withdrawal's style. */
export function renderAssetWithdrawalMail(
  locale: MailLocale,
  facts: AssetWithdrawalMailFacts,
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
