import escapeHtml from 'escape-html';
import { CARD_BRAND_LABELS, type CardFormLanguage, type CardTokenPurpose } from '@rampart/contracts';
import type { ProcessorCard } from '../../../providers/card-processor/types';
import { formStrings, type CardFormStrings } from './strings';

/** Where the form's own files are served (same origin, so the strict CSP's 'self' allows them). */
export const CARD_FORM_PATH = '/api/card-form';
export const CARD_FORM_SCRIPT = `${CARD_FORM_PATH}/form.js`;
export const CARD_FORM_STYLESHEET = `${CARD_FORM_PATH}/form.css`;

export type CardFormView =
  | { kind: 'add'; token: string }
  | {
      kind: 'charge';
      token: string;
      card: ProcessorCard;
      contributionId: string;
      amount: string;
      fee: string;
      total: string;
    }
  | { kind: 'dead'; token: string; purpose: CardTokenPurpose | null };

const esc = (value: string) => escapeHtml(value);

/** "$104.00" / "104,00 US$": display only; the decimal string is formatted exactly (Intl reads strings as decimals). */
export function formatUsd(decimal: string, lang: CardFormLanguage): string {
  return new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD' }).format(
    decimal as Intl.StringNumericLiteral,
  );
}

function field(id: string, label: string, hint: string, attributes: string): string {
  return `<div class="field">
      <label for="${id}">${esc(label)}</label>
      <p class="hint" id="${id}-hint">${esc(hint)}</p>
      <input id="${id}" name="${id}" ${attributes} aria-describedby="${id}-hint ${id}-error" aria-invalid="false">
      <p class="field-error" id="${id}-error" hidden></p>
    </div>`;
}

function cvcField(s: CardFormStrings, digits: 3 | 4): string {
  return field(
    'cvc',
    s.cvc,
    s.cvcHint,
    `type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="${digits}" pattern="[0-9]*" required`,
  );
}

function addBody(s: CardFormStrings): string {
  return `<h1>${esc(s.addTitle)}</h1>
    <p class="intro">${esc(s.addIntro)}</p>
    <div id="form-error" class="form-error" role="alert" tabindex="-1" hidden></div>
    <form id="card-form" novalidate>
    ${field('number', s.number, s.numberHint, 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" required')}
    <fieldset class="expiry">
      <legend>${esc(s.expiry)}</legend>
      <div class="expiry-row">
      ${field('expMonth', s.expMonth, s.expMonthHint, 'type="text" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" required')}
      ${field('expYear', s.expYear, s.expYearHint, 'type="text" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4" required')}
      </div>
    </fieldset>
    ${cvcField(s, 4)}
    ${field('nickname', s.nickname, s.nicknameHint, 'type="text" autocomplete="off" maxlength="50"')}
    <div class="actions">
      <button type="submit" id="submit">${esc(s.addButton)}</button>
      <button type="button" id="cancel" class="secondary">${esc(s.cancel)}</button>
    </div>
    </form>`;
}

function chargeBody(
  s: CardFormStrings,
  view: Extract<CardFormView, { kind: 'charge' }>,
  lang: CardFormLanguage,
): string {
  const total = formatUsd(view.total, lang);
  return `<h1>${esc(s.chargeTitle)}</h1>
    <p class="intro">${esc(s.chargeIntro)}</p>
    <dl class="summary">
      <div><dt>${esc(s.card)}</dt><dd>${esc(`${CARD_BRAND_LABELS[view.card.brand]} •••• ${view.card.last4}`)}</dd></div>
      <div><dt>${esc(s.amount)}</dt><dd>${esc(formatUsd(view.amount, lang))}</dd></div>
      <div><dt>${esc(s.fee)}</dt><dd>${esc(formatUsd(view.fee, lang))}</dd></div>
      <div class="total"><dt>${esc(s.total)}</dt><dd>${esc(total)}</dd></div>
    </dl>
    <div id="form-error" class="form-error" role="alert" tabindex="-1" hidden></div>
    <form id="card-form" novalidate>
    ${cvcField(s, view.card.brand === 'amex' ? 4 : 3)}
    <div class="actions">
      <button type="submit" id="submit">${esc(s.payButton.replace('{total}', total))}</button>
      <button type="button" id="cancel" class="secondary">${esc(s.cancel)}</button>
    </div>
    </form>`;
}

function deadBody(s: CardFormStrings): string {
  return `<h1>${esc(s.deadTitle)}</h1>
    <p class="intro" role="alert">${esc(s.deadText)}</p>
    <div class="actions"><button type="button" id="cancel" class="secondary">${esc(s.close)}</button></div>`;
}

/**
 * The hosted card form's page. No inline script or style (the strict CSP holds): the behaviour is form.js, the look
 * form.css; what the script needs (token, purpose, ids, texts) travels in data attributes of <main>.
 */
export function renderCardForm(view: CardFormView, lang: CardFormLanguage, returnTo: string): string {
  const s = formStrings(lang);
  const purpose = view.kind === 'dead' ? (view.purpose ?? '') : view.kind;
  const data: Record<string, string> = {
    state: view.kind === 'dead' ? 'dead' : 'open',
    purpose,
    token: view.token,
    lang,
    returnTo,
    msgNetwork: s.network,
    msgProcessing: s.processing,
    msgSummary: s.errorSummary,
    msgAdded: s.added,
    msgAuthorized: s.authorized,
    ...(view.kind === 'charge' ? { contributionId: view.contributionId, fundsTransferMethodId: view.card.id } : {}),
  };
  const attributes = Object.entries(data)
    .map(([key, value]) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${esc(value)}"`)
    .join(' ');
  const title = view.kind === 'add' ? s.addTitle : view.kind === 'charge' ? s.chargeTitle : s.deadTitle;
  const body = view.kind === 'add' ? addBody(s) : view.kind === 'charge' ? chargeBody(s, view, lang) : deadBody(s);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<link rel="stylesheet" href="${CARD_FORM_STYLESHEET}">
<script src="${CARD_FORM_SCRIPT}" defer></script>
</head>
<body>
<main id="card-form-root" class="card-form" ${attributes}>
    ${body}
    <div id="form-done" class="form-done" role="status" tabindex="-1" hidden></div>
    <p class="secure">${esc(s.secure)}</p>
</main>
</body>
</html>
`;
}
