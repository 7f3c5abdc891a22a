import escapeHtml from 'escape-html';
import type { IdentityLocale } from '@rampart/contracts';
import type { CodePurpose } from './codes';
import { CODE_TTL_MS } from './codes';

/** The code messages in both languages (R18): the user's stored language picks one. */
const MINUTES = CODE_TTL_MS / 60_000;

const TEXTS: Record<IdentityLocale, Record<CodePurpose, { subject: string; lead: string }>> = {
  en: {
    sign_up: {
      subject: 'Your Rampart verification code',
      lead: 'Welcome to Rampart. Use this code to confirm your email address:',
    },
    sign_in: { subject: 'Your Rampart sign-in code', lead: 'Use this code to sign in to Rampart:' },
    mfa: { subject: 'Your Rampart security code', lead: 'Use this code to finish signing in to Rampart:' },
    forgot_password: {
      subject: 'Reset your Rampart password',
      lead: 'Use this code to choose a new Rampart password:',
    },
    reauth: {
      subject: 'Confirm it is you',
      lead: 'Use this code to confirm a change to your Rampart sign-in settings:',
    },
    verify_phone: { subject: 'Confirm your phone number', lead: 'Your Rampart code to confirm this phone number:' },
    trade: {
      subject: 'Confirm your trade',
      lead: 'Use this code to confirm your Rampart trade. Nobody from Rampart will ever ask you for it:',
    },
    withdrawal: {
      subject: 'Confirm your crypto withdrawal',
      lead: 'Use this code to confirm your Rampart crypto withdrawal. Nobody from Rampart will ever ask you for it:',
    },
  },
  es: {
    sign_up: {
      subject: 'Tu código de verificación de Rampart',
      lead: 'Te damos la bienvenida a Rampart. Usa este código para confirmar tu correo electrónico:',
    },
    sign_in: { subject: 'Tu código de acceso a Rampart', lead: 'Usa este código para iniciar sesión en Rampart:' },
    mfa: {
      subject: 'Tu código de seguridad de Rampart',
      lead: 'Usa este código para terminar de iniciar sesión en Rampart:',
    },
    forgot_password: {
      subject: 'Restablece tu contraseña de Rampart',
      lead: 'Usa este código para elegir una nueva contraseña de Rampart:',
    },
    reauth: {
      subject: 'Confirma que eres tú',
      lead: 'Usa este código para confirmar un cambio en tu configuración de acceso a Rampart:',
    },
    verify_phone: {
      subject: 'Confirma tu número de teléfono',
      lead: 'Tu código de Rampart para confirmar este número de teléfono:',
    },
    trade: {
      subject: 'Confirma tu operación',
      lead: 'Usa este código para confirmar tu operación en Rampart. Nadie de Rampart te lo pedirá nunca:',
    },
    withdrawal: {
      subject: 'Confirma tu retiro de cripto',
      lead: 'Usa este código para confirmar tu retiro de cripto en Rampart. Nadie de Rampart te lo pedirá nunca:',
    },
  },
};

const FOOTER: Record<IdentityLocale, string> = {
  en: `The code expires in ${MINUTES} minutes and works once. If you did not ask for it, you can ignore this message; never share the code with anyone.`,
  es: `El código caduca en ${MINUTES} minutos y solo sirve una vez. Si no lo has pedido, ignora este mensaje; no compartas el código con nadie.`,
};

export function renderCodeMail(
  purpose: CodePurpose,
  locale: IdentityLocale,
  code: string,
): { subject: string; text: string; html: string } {
  const { subject, lead } = TEXTS[locale][purpose];
  const footer = FOOTER[locale];
  const text = `${lead}\n\n${code}\n\n${footer}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1e293b">
<p>${escapeHtml(lead)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
<p style="color:#64748b">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject, text, html };
}

/** Short on purpose: the screen that asked for the code says what it is for. */
export function renderCodeSms(_purpose: CodePurpose, locale: IdentityLocale, code: string): string {
  return locale === 'es'
    ? `Rampart: tu código es ${code}. Caduca en ${MINUTES} minutos.`
    : `Rampart: your code is ${code}. It expires in ${MINUTES} minutes.`;
}

const PASSWORD_CHANGED: Record<IdentityLocale, { subject: string; lead: string; after: string }> = {
  en: {
    subject: 'Your Rampart password was changed',
    lead: 'The password of your Rampart account was just changed, and your other devices were signed out.',
    after: 'If you did not change it, reset your password from the sign-in page right away and contact support.',
  },
  es: {
    subject: 'Se ha cambiado tu contraseña de Rampart',
    lead: 'Se acaba de cambiar la contraseña de tu cuenta de Rampart y se ha cerrado la sesión en tus otros dispositivos.',
    after:
      'Si no la has cambiado tú, restablece tu contraseña desde la página de inicio de sesión cuanto antes y contacta con el soporte.',
  },
};

/** Tells the user their password changed (decision 057): whoever changed it without them is found out. */
export function renderPasswordChangedMail(locale: IdentityLocale): { subject: string; text: string; html: string } {
  const { subject, lead, after } = PASSWORD_CHANGED[locale];
  const text = `${lead}\n\n${after}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1e293b">
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(after)}</p>
</body></html>`;
  return { subject, text, html };
}

const AUTHENTICATOR_RESET: Record<IdentityLocale, { subject: string; lead: string; after: string }> = {
  en: {
    subject: 'Your Rampart authenticator app was turned off',
    lead: 'At your request, our support team turned off the authenticator app of your Rampart account and signed out all your devices. Your next sign-in asks for a code sent to this address.',
    after:
      'If you did not ask for this, contact support right away and change your password. You can set up an authenticator app again in Settings.',
  },
  es: {
    subject: 'Se ha desactivado tu aplicación de autenticación de Rampart',
    lead: 'A petición tuya, nuestro equipo de soporte ha desactivado la aplicación de autenticación de tu cuenta de Rampart y ha cerrado la sesión en todos tus dispositivos. La próxima vez que inicies sesión te pediremos un código enviado a esta dirección.',
    after:
      'Si no lo has pedido tú, contacta con el soporte cuanto antes y cambia tu contraseña. Puedes volver a configurar una aplicación de autenticación en Ajustes.',
  },
};

/** Tells the user support turned off their authenticator app (decision 099): a reset they did not ask for is found out. */
export function renderAuthenticatorResetMail(locale: IdentityLocale): { subject: string; text: string; html: string } {
  const { subject, lead, after } = AUTHENTICATOR_RESET[locale];
  const text = `${lead}\n\n${after}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1e293b">
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(after)}</p>
</body></html>`;
  return { subject, text, html };
}
