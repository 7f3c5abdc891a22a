import type { CardFormLanguage } from '@rampart/contracts';
import type { CardProcessorErrorCode } from '../../../providers/card-processor/types';

/** Every text of the hosted card form, in English and Spanish (R18). `{x}` are filled in by the renderer or the script. */
export interface CardFormStrings {
  addTitle: string;
  addIntro: string;
  chargeTitle: string;
  chargeIntro: string;
  deadTitle: string;
  deadText: string;
  number: string;
  numberHint: string;
  expiry: string;
  expMonth: string;
  expMonthHint: string;
  expYear: string;
  expYearHint: string;
  cvc: string;
  cvcHint: string;
  nickname: string;
  nicknameHint: string;
  card: string;
  amount: string;
  fee: string;
  total: string;
  addButton: string;
  payButton: string;
  cancel: string;
  close: string;
  processing: string;
  errorSummary: string;
  network: string;
  added: string;
  authorized: string;
  secure: string;
  errors: Record<CardProcessorErrorCode, string>;
}

export const CARD_FORM_STRINGS: Record<CardFormLanguage, CardFormStrings> = {
  en: {
    addTitle: 'Add a debit card',
    addIntro:
      'Your card details go straight to our card processor. We keep only the brand, the last four digits and the expiry date.',
    chargeTitle: 'Confirm your card deposit',
    chargeIntro: 'Enter the security code of your card to authorize this deposit.',
    deadTitle: 'This card form has expired',
    deadText: 'Please close it and try again.',
    number: 'Card number',
    numberHint: '16 digits on the front of your card (15 for American Express)',
    expiry: 'Expiry date',
    expMonth: 'Month',
    expMonthHint: 'MM',
    expYear: 'Year',
    expYearHint: 'YY',
    cvc: 'Security code (CVC)',
    cvcHint: '3 digits on the back of your card (4 on the front for American Express)',
    nickname: 'Nickname (optional)',
    nicknameHint: 'For example: My debit card',
    card: 'Card',
    amount: 'Deposit',
    fee: 'Card fee (4%)',
    total: 'Charged to your card',
    addButton: 'Add card',
    payButton: 'Pay {total}',
    cancel: 'Cancel',
    close: 'Close',
    processing: 'Processing…',
    errorSummary: 'Please correct the highlighted fields.',
    network: 'Something went wrong. Please try again.',
    added: 'Your card was added.',
    authorized: 'Your card deposit was authorized.',
    secure: 'Secured by the card processor',
    errors: {
      number_required: 'Enter your card number.',
      invalid_number: 'Your card number is invalid.',
      unsupported_brand: 'This card brand is not supported.',
      invalid_exp_month: 'Enter the expiry month (01 to 12).',
      invalid_exp_year: 'Enter a valid expiry year.',
      expired_card: 'Your card has expired.',
      invalid_cvc: 'Enter the {digits}-digit security code.',
      card_declined: 'Your card was declined.',
      insufficient_funds: 'Your card has insufficient funds.',
      incorrect_cvc: "Your card's security code is incorrect.",
      debit_only: 'Only debit cards are accepted. Please use a debit card.',
      token_invalid: 'This card form has expired. Please open it again.',
      token_used: 'This card form was already used. Please open it again.',
      card_not_found: 'This card is no longer available.',
    },
  },
  es: {
    addTitle: 'Añadir una tarjeta de débito',
    addIntro:
      'Los datos de tu tarjeta van directamente a nuestro procesador de tarjetas. Solo guardamos la marca, los cuatro últimos dígitos y la fecha de caducidad.',
    chargeTitle: 'Confirma tu depósito con tarjeta',
    chargeIntro: 'Introduce el código de seguridad de tu tarjeta para autorizar este depósito.',
    deadTitle: 'Este formulario de tarjeta ha caducado',
    deadText: 'Ciérralo y vuelve a intentarlo.',
    number: 'Número de tarjeta',
    numberHint: '16 dígitos en el frente de tu tarjeta (15 en American Express)',
    expiry: 'Fecha de caducidad',
    expMonth: 'Mes',
    expMonthHint: 'MM',
    expYear: 'Año',
    expYearHint: 'AA',
    cvc: 'Código de seguridad (CVC)',
    cvcHint: '3 dígitos en el reverso de tu tarjeta (4 en el frente en American Express)',
    nickname: 'Apodo (opcional)',
    nicknameHint: 'Por ejemplo: Mi tarjeta de débito',
    card: 'Tarjeta',
    amount: 'Depósito',
    fee: 'Comisión de tarjeta (4 %)',
    total: 'Cargo en tu tarjeta',
    addButton: 'Añadir tarjeta',
    payButton: 'Pagar {total}',
    cancel: 'Cancelar',
    close: 'Cerrar',
    processing: 'Procesando…',
    errorSummary: 'Corrige los campos marcados.',
    network: 'Algo salió mal. Inténtalo de nuevo.',
    added: 'Tu tarjeta se ha añadido.',
    authorized: 'Tu depósito con tarjeta se ha autorizado.',
    secure: 'Protegido por el procesador de tarjetas',
    errors: {
      number_required: 'Introduce el número de tu tarjeta.',
      invalid_number: 'El número de tu tarjeta no es válido.',
      unsupported_brand: 'Esta marca de tarjeta no es compatible.',
      invalid_exp_month: 'Introduce el mes de caducidad (01 a 12).',
      invalid_exp_year: 'Introduce un año de caducidad válido.',
      expired_card: 'Tu tarjeta ha caducado.',
      invalid_cvc: 'Introduce el código de seguridad de {digits} dígitos.',
      card_declined: 'Tu tarjeta fue rechazada.',
      insufficient_funds: 'Tu tarjeta no tiene fondos suficientes.',
      incorrect_cvc: 'El código de seguridad de tu tarjeta es incorrecto.',
      debit_only: 'Solo se aceptan tarjetas de débito. Usa una tarjeta de débito.',
      token_invalid: 'Este formulario de tarjeta ha caducado. Ábrelo de nuevo.',
      token_used: 'Este formulario de tarjeta ya se usó. Ábrelo de nuevo.',
      card_not_found: 'Esta tarjeta ya no está disponible.',
    },
  },
};

export function formStrings(lang: CardFormLanguage): CardFormStrings {
  return CARD_FORM_STRINGS[lang];
}

/** A processor refusal in the form's language. */
export function errorText(lang: CardFormLanguage, code: CardProcessorErrorCode, cvcLength?: 3 | 4): string {
  return CARD_FORM_STRINGS[lang].errors[code].replace('{digits}', String(cvcLength ?? 3));
}
