/**
 * Every API route, classified by who may call it (the authorization matrix, decision 038). The keys are
 * `METHOD /path` exactly as the OpenAPI document names them; a route that appears there without an entry here fails
 * the sweep, so a new route cannot ship unclassified.
 *
 * - `public`: no sign-in (document 1, section 2 and document 2, section 7: the pool's own auth calls, healthcheck,
 *   config, the asset catalogue, tracking and short links; plus tokens that are their own credential: the
 *   continue-on-phone link, the bank-link hand-off, the hosted card form's steps).
 * - `user`: a login token; anonymous callers get 401 before the body is even validated.
 * - `capture`: a login token or the phone's capture token (decision 010); anonymous 401.
 * - `bankLink`: a login token or the wallet hand-off's token (decision 034); anonymous 401.
 * - `verified`: R1, the route moves money or prices a trade, so a signed-in user below Verified is refused
 *   (409 account_not_opened, as the existing code answers).
 * - `owns`: the body names one of the caller's objects; another user naming it gets the 404 of that object kind,
 *   exactly as an id that does not exist (no leak that it exists).
 * - `sandbox`: mounted only in sandbox mode (R4); answers 404 otherwise.
 * - `destructive`: an accepted call ends or changes the caller's own session or account (sign-out, freeze, clear);
 *   the bad-input sweep sends such a route only bodies no schema accepts, so the sweep's user stays usable.
 */
export type Access = 'public' | 'user' | 'capture' | 'bankLink';

/** An object of the first user named in another user's call, and the error code that call must get. */
export interface Owned {
  /** Builds the body from the first user's objects. */
  body: (ids: OwnedIds) => Record<string, unknown>;
  status: number;
  code: string;
}

/** The first user's objects the matrix names in the other user's calls. */
export interface OwnedIds {
  orderId: string;
  quoteId: string;
  transferId: string;
  withdrawalToken: string;
  bankMethodId: string;
  cardMethodId: string;
  contributionId: string;
  documentId: string;
  selfieId: string;
}

export interface RouteRule {
  access: Access;
  verified?: true;
  owns?: Owned;
  sandbox?: true;
  destructive?: true;
}

const PUBLIC: RouteRule = { access: 'public' };
const USER: RouteRule = { access: 'user' };
const SANDBOX: RouteRule = { access: 'user', sandbox: true };
const VERIFIED: RouteRule = { access: 'user', verified: true };

const orderUnknown = { status: 404, code: 'order_unknown' };
const quoteUnknown = { status: 404, code: 'quote_unknown' };
const transferUnknown = { status: 404, code: 'transfer_unknown' };
const bankUnknown = { status: 404, code: 'bank_method_unknown' };
const cardUnknown = { status: 404, code: 'card_method_unknown' };
const contributionUnknown = { status: 404, code: 'card_contribution_unknown' };

export const ROUTES: Record<string, RouteRule> = {
  // System (document 2, section 7): the SPA reads these before anyone signs in.
  'GET /api/user/healthcheck': PUBLIC,
  'GET /api/livez': PUBLIC,
  'GET /api/config': PUBLIC,
  // The user pool's own calls: a caller is not signed in yet (or holds only a refresh token or a code).
  'POST /api/identity/sign-up': PUBLIC,
  'POST /api/identity/confirm-sign-up': PUBLIC,
  'POST /api/identity/resend-code': PUBLIC,
  'POST /api/identity/sign-in': PUBLIC,
  'POST /api/identity/sign-in-with-code': PUBLIC,
  'POST /api/identity/respond-to-challenge': PUBLIC,
  'POST /api/identity/forgot-password': PUBLIC,
  'POST /api/identity/confirm-forgot-password': PUBLIC,
  'POST /api/identity/refresh': PUBLIC,
  'POST /api/auth-token-login-request': PUBLIC,
  // Answers whether the bearer is live: 401 with valid:false for anyone else, by design.
  'POST /api/user/authcheck': PUBLIC,
  // Development only (never mounted in production): how a tester reads the mail.
  'GET /api/dev/outbox': PUBLIC,
  // Observability (R22, decision 036): the Prometheus scrape, and reports a client sends before or after signing in (an
  // error on the sign-in page, the sign-up event), with the user's id when it has one.
  'GET /api/metrics': PUBLIC,
  'POST /api/client-errors': PUBLIC,
  'POST /api/analytics': PUBLIC,
  'POST /api/identity/change-password': USER,
  'POST /api/identity/reauthenticate': USER,
  'POST /api/identity/reauthenticate/send-code': USER,
  'POST /api/identity/totp/associate': USER,
  'POST /api/identity/totp/verify': USER,
  'POST /api/identity/mfa-preference': USER,
  'POST /api/identity/sign-out': { access: 'user', destructive: true },
  'GET /api/identity/user': USER,
  'POST /api/identity/user/attributes': USER,
  'POST /api/identity/user/verify-attribute': USER,
  // Accounts and KYC: the caller's own record, at any level.
  'POST /api/primetrust/account/get': USER,
  'POST /api/primetrust-contact': USER,
  'POST /api/primetrust-account-refresh': USER,
  'POST /api/contact/get/individualinfo': USER,
  'POST /api/contact/set/individualinfo': USER,
  'POST /api/user/country': USER,
  'POST /api/contact/get/agreementpreviews': USER,
  'POST /api/agreement-submit-individual': USER,
  'POST /api/fileupload-user-kyc-document-list': USER,
  'POST /api/fileupload-user-kyc-document-upload': { access: 'capture' },
  'POST /api/socure/status': { access: 'capture' },
  'POST /api/socure/submit_document': {
    access: 'capture',
    // Another user's uploads are not theirs to name: the same refusal as ids that do not exist.
    owns: {
      body: (ids) => ({ documentType: 'passport', documentId: ids.documentId, selfieId: ids.selfieId }),
      status: 400,
      code: 'validation_failed',
    },
  },
  'POST /api/socure/send_sms': USER,
  // The continue-on-phone link's token is the credential (decision 010).
  'POST /api/socure/validate_sms': PUBLIC,
  // Holdings.
  'POST /api/primetrust-accounts-view': USER,
  'POST /api/holdings/withdraw': VERIFIED,
  // Decision 054: the withdrawal's step-up, and the link of its email (another user's token: the unknown token's 400).
  'POST /api/holdings/withdraw-challenge': VERIFIED,
  'POST /api/holdings/confirm-withdrawal': USER,
  'POST /api/holdings/withdrawals': USER,
  // The "assets addition" flag (decision 069): a deposit address is for an opened account, as a withdrawal is.
  'POST /api/holdings/deposit-address': VERIFIED,
  // Sandbox (R4): any signed-in user, in sandbox mode only.
  'POST /api/primetrust/sandbox/account/individual/create': SANDBOX,
  'POST /api/primetrust/sandbox/account/individual/clear': { access: 'user', sandbox: true, destructive: true },
  'POST /api/primetrust/sandbox/account/fund': { access: 'user', sandbox: true, verified: true },
  'POST /api/primetrust-sandbox-send-and-settle-wire-deposit': { access: 'user', sandbox: true, verified: true },
  'POST /api/primetrust-sandbox-asset-deposit': { access: 'user', sandbox: true, verified: true },
  'POST /api/primetrust-sandbox-receive-asset-deposit': { access: 'user', sandbox: true, verified: true },
  'POST /api/primetrust-sandbox-freeze-account': { access: 'user', sandbox: true, destructive: true },
  'POST /api/primetrust-sandbox-unfreeze-account': SANDBOX,
  'POST /api/primetrust/sandbox/plaid-reset-method': {
    access: 'user',
    sandbox: true,
    owns: { body: (ids) => ({ fundsTransferMethodId: ids.bankMethodId }), ...bankUnknown },
  },
  'POST /api/primetrust-sandbox-settle-last-ach-contribution': SANDBOX,
  'POST /api/primetrust-sandbox-settle-last-cc-contribution': SANDBOX,
  'POST /api/primetrust-sandbox-settle-last-wire-withdrawal': SANDBOX,
  'POST /api/primetrust-sandbox-settle-instant-ach-contributions': SANDBOX,
  'POST /api/primetrust-sandbox-reverse-last-ach-contribution': SANDBOX,
  'POST /api/primetrust-sandbox-test-sell-flow': SANDBOX,
  'POST /api/primetrust-sandbox-receive-order-deposit': {
    access: 'user',
    sandbox: true,
    owns: { body: (ids) => ({ orderId: ids.orderId }), ...orderUnknown },
  },
  // Bank methods (decision 013) and the wallet hand-off (decision 034).
  'POST /api/plaid-institutions': { access: 'bankLink' },
  'POST /api/plaid-ui-token': { access: 'bankLink' },
  'POST /api/plaid-sandbox-link': { access: 'bankLink' },
  'POST /api/plaid-bank-account-add': { access: 'bankLink' },
  'POST /api/bank-link-handoff': {
    access: 'user',
    owns: { body: (ids) => ({ fundsTransferMethodId: ids.bankMethodId }), ...bankUnknown },
  },
  'POST /api/bank-link-handoff/redeem': PUBLIC,
  'POST /api/bank-link-handoff/status': USER,
  'POST /api/bank-account-list': USER,
  'POST /api/bank-account-remove': {
    access: 'user',
    owns: { body: (ids) => ({ fundsTransferMethodId: ids.bankMethodId }), ...bankUnknown },
  },
  'POST /api/plaid-ui-reauth-token': {
    access: 'bankLink',
    owns: { body: (ids) => ({ fundsTransferMethodId: ids.bankMethodId }), ...bankUnknown },
  },
  'POST /api/plaid-bank-account-reauth': {
    access: 'bankLink',
    owns: {
      body: (ids) => ({ fundsTransferMethodId: ids.bankMethodId, publicToken: 'public-sandbox-0000' }),
      ...bankUnknown,
    },
  },
  // Cards (decision 017); the hosted form's steps carry the form's own single-use token.
  'POST /api/primetrust-creditcard-widget-token': USER,
  'POST /api/cc-method-add': {
    access: 'user',
    owns: {
      body: (ids) => ({ fundsTransferMethodId: ids.cardMethodId, fundsTransferMethod: 'credit_card' }),
      ...cardUnknown,
    },
  },
  'POST /api/cc-method-list': USER,
  'POST /api/cc-method-remove': {
    access: 'user',
    owns: { body: (ids) => ({ fundsTransferMethodId: ids.cardMethodId }), ...cardUnknown },
  },
  'POST /api/primetrust-creditcard-contribution-token': {
    access: 'user',
    verified: true,
    owns: { body: (ids) => ({ fundsTransferMethodId: ids.cardMethodId, amount: '10.00' }), ...cardUnknown },
  },
  'POST /api/primetrust-creditcard-contribution-update': {
    access: 'user',
    owns: {
      body: (ids) => ({ contributionId: ids.contributionId, authorizationId: ids.contributionId }),
      ...contributionUnknown,
    },
  },
  'POST /api/primetrust-creditcard-contribution-cancel': {
    access: 'user',
    owns: { body: (ids) => ({ contributionId: ids.contributionId }), ...contributionUnknown },
  },
  'POST /api/primetrust-creditcard-refresh-token': USER,
  'POST /api/card-processor/sandbox/cards': PUBLIC,
  'POST /api/card-processor/sandbox/charges': PUBLIC,
  // Deposits and withdrawals (decision 015).
  'POST /api/transfers/deposit': {
    access: 'user',
    verified: true,
    owns: {
      body: (ids) => ({ method: 'primex_ach', amount: '10.00', fundsTransferMethodId: ids.bankMethodId }),
      ...bankUnknown,
    },
  },
  'POST /api/transfers/wire-instructions': VERIFIED,
  'POST /api/transfers/withdraw': {
    access: 'user',
    verified: true,
    owns: {
      body: (ids) => ({ method: 'primex_ach', amount: '1.00', fundsTransferMethodId: ids.bankMethodId }),
      ...bankUnknown,
    },
  },
  'POST /api/transfers/confirm-withdrawal': {
    access: 'user',
    owns: { body: (ids) => ({ token: ids.withdrawalToken }), status: 400, code: 'withdrawal_confirmation_invalid' },
  },
  'POST /api/transfers/list': USER,
  'POST /api/transfers/get': {
    access: 'user',
    owns: { body: (ids) => ({ transferId: ids.transferId }), ...transferUnknown },
  },
  'POST /api/transfers/cancel': {
    access: 'user',
    owns: { body: (ids) => ({ transferId: ids.transferId }), ...transferUnknown },
  },
  // The ramp: the catalogue is public, everything else the caller's own.
  'POST /api/ramp/assets': PUBLIC,
  'POST /api/feature-interest': USER,
  'POST /api/feature-interest-list': USER,
  'POST /api/ramp/quote': VERIFIED,
  'POST /api/ramp/trade-estimate': USER,
  'POST /api/ramp/limits': USER,
  'POST /api/ramp/order-challenge': {
    access: 'user',
    owns: { body: (ids) => ({ quoteId: ids.quoteId }), ...quoteUnknown },
  },
  // Below Verified there is no quote to order from (the quote is the gate): another user's quote is unknown.
  'POST /api/ramp/order': {
    access: 'user',
    owns: { body: (ids) => ({ quoteId: ids.quoteId, code: '123456' }), ...quoteUnknown },
  },
  'POST /api/ramp/cancel': { access: 'user', owns: { body: (ids) => ({ orderId: ids.orderId }), ...orderUnknown } },
  'POST /api/ramp/order-get': { access: 'user', owns: { body: (ids) => ({ orderId: ids.orderId }), ...orderUnknown } },
  'POST /api/ramp/orders': USER,
  // Public by design: the tracking id is unguessable and the view shows no personal data (decision 024).
  'POST /api/ramp/tracking': PUBLIC,
  'GET /api/ramp/tracking': PUBLIC,
  'GET /api/r/{shortId}': PUBLIC,
};

/** Routes the OpenAPI document hides (schema.hide), classified too: the hosted card form's page and assets. */
export const HIDDEN_PUBLIC_ROUTES = [
  'GET /api/card-form',
  'GET /api/card-form/form.js',
  'GET /api/card-form/form.css',
  'GET /api/openapi.json',
  'GET /api/docs',
];
