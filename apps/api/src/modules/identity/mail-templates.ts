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

/** What changed in the user's second factor (decision 105). */
export type SecondFactorChange = 'authenticatorSetUp' | 'authenticatorRemoved' | 'factorChanged' | 'phoneChanged';
type Factor = 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP' | 'SMS_OTP';

const SECOND_FACTOR_CHANGED: Record<
  IdentityLocale,
  {
    subject: string;
    what: Record<SecondFactorChange, string>;
    now: Record<Factor, string>;
    when: (date: string, time: string) => string;
    after: string;
  }
> = {
  en: {
    subject: 'Security notice: your Rampart sign-in settings changed',
    what: {
      authenticatorSetUp: 'An authenticator app was set up for your Rampart account.',
      authenticatorRemoved: 'The authenticator app was removed from your Rampart account.',
      factorChanged: 'The second factor of your Rampart account was changed.',
      phoneChanged: 'The phone number that receives your Rampart sign-in codes was changed.',
    },
    now: {
      SOFTWARE_TOKEN_MFA: 'Signing in now asks for the code your authenticator app shows.',
      EMAIL_OTP: 'Signing in now asks for a code sent to this email address.',
      SMS_OTP: 'Signing in now asks for a code sent by text message to your phone.',
    },
    when: (date, time) => `This happened on ${date} at ${time} UTC.`,
    after: "If this wasn't you, reset your password from the sign-in page right away and contact support.",
  },
  es: {
    subject: 'Aviso de seguridad: ha cambiado la configuración de acceso a tu cuenta de Rampart',
    what: {
      authenticatorSetUp: 'Se ha configurado una aplicación de autenticación en tu cuenta de Rampart.',
      authenticatorRemoved: 'Se ha quitado la aplicación de autenticación de tu cuenta de Rampart.',
      factorChanged: 'Se ha cambiado el segundo factor de tu cuenta de Rampart.',
      phoneChanged: 'Se ha cambiado el número de teléfono que recibe tus códigos de acceso a Rampart.',
    },
    now: {
      SOFTWARE_TOKEN_MFA: 'Para iniciar sesión te pediremos el código que muestra tu aplicación de autenticación.',
      EMAIL_OTP: 'Para iniciar sesión te pediremos un código enviado a esta dirección de correo electrónico.',
      SMS_OTP: 'Para iniciar sesión te pediremos un código enviado por SMS a tu teléfono.',
    },
    when: (date, time) => `Ocurrió el ${date} a las ${time} (UTC).`,
    after:
      'Si no has sido tú, restablece tu contraseña desde la página de inicio de sesión cuanto antes y contacta con el soporte.',
  },
};

const DATE_LOCALES: Record<IdentityLocale, string> = { en: 'en-US', es: 'es-ES' };

/**
 * Tells the user their second factor changed (decision 105): what changed, what signing in asks for now, when (UTC:
 * the mail cannot know the reader's zone), and what to do if it was not them.
 */
export function renderSecondFactorChangedMail(
  locale: IdentityLocale,
  change: SecondFactorChange,
  factor: Factor,
  at: Date,
): { subject: string; text: string; html: string } {
  const texts = SECOND_FACTOR_CHANGED[locale];
  const date = new Intl.DateTimeFormat(DATE_LOCALES[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  const time = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
  const lead = `${texts.what[change]} ${texts.now[factor]}`;
  const when = texts.when(date, time);
  const text = `${lead}\n\n${when}\n\n${texts.after}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1e293b">
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(when)}</p>
<p><strong>${escapeHtml(texts.after)}</strong></p>
</body></html>`;
  return { subject: texts.subject, text, html };
}
