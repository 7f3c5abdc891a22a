import {
  BANK_LINK_MESSAGES,
  CARD_MESSAGES,
  BANK_REAUTH_NOTICE,
  ERROR_TYPES,
  TRANSFER_MESSAGES,
  FROZEN_ACCOUNT_MESSAGE,
  IDENTITY_MESSAGES,
  KYC_MESSAGES,
  ORDER_MESSAGES,
  RAMP_QUOTE_MESSAGES,
  SANDBOX_MESSAGES,
  VALIDATION_MESSAGE,
  VERIFICATION_MESSAGES,
  renderServerMessage,
  serverMessageOfText,
  type ErrorType,
  type ServerMessage,
  type ValidationDetails,
} from '@rampart/contracts';

/**
 * The one application error type. Each code has a fixed HTTP status, error type and default message,
 * so the mapping to HTTP lives here and nowhere else (plugins/errors.ts sends it).
 */
export const ERROR_CATALOGUE = {
  validation_failed: { status: 400, type: ERROR_TYPES.validation, message: VALIDATION_MESSAGE },
  invalid_json: { status: 400, type: ERROR_TYPES.api, message: 'The request body is not valid JSON' },
  empty_body: { status: 400, type: ERROR_TYPES.api, message: 'The request body is empty' },
  bad_request: { status: 400, type: ERROR_TYPES.api, message: 'The request could not be understood' },
  unauthenticated: { status: 401, type: ERROR_TYPES.authentication, message: 'Authentication is required' },
  forbidden: { status: 403, type: ERROR_TYPES.permission, message: 'You do not have permission to do this' },
  not_found: { status: 404, type: ERROR_TYPES.notFound, message: 'Not found' },
  route_not_found: { status: 404, type: ERROR_TYPES.notFound, message: 'There is no such API route' },
  method_not_allowed: { status: 405, type: ERROR_TYPES.api, message: 'This method is not allowed here' },
  not_acceptable: { status: 406, type: ERROR_TYPES.api, message: 'The requested format is not available' },
  // Also R16's answer to a request whose Idempotency-Key is still in flight, with Retry-After (decision 018).
  conflict: { status: 409, type: ERROR_TYPES.api, message: 'The request conflicts with another one in progress' },
  payload_too_large: { status: 413, type: ERROR_TYPES.api, message: 'The request body is too large' },
  // Malformed HTTP that never becomes a request (decision 051): answered on the socket by plugins/errors.ts.
  request_timeout: { status: 408, type: ERROR_TYPES.api, message: 'The request took too long to arrive' },
  headers_too_large: { status: 431, type: ERROR_TYPES.api, message: 'The request headers are too large' },
  unsupported_media_type: { status: 415, type: ERROR_TYPES.api, message: 'This content type is not supported' },
  idempotency_error: {
    status: 422,
    type: ERROR_TYPES.idempotency,
    message: 'This idempotency key was used with other parameters',
  },
  // R5 (decision 018): the custodian froze the account; the message starts with FROZEN_ACCOUNT_MARKER.
  account_frozen: { status: 401, type: ERROR_TYPES.authentication, message: FROZEN_ACCOUNT_MESSAGE },
  no_custodial_account: { status: 409, type: ERROR_TYPES.api, message: SANDBOX_MESSAGES.noAccountToFreeze },
  rate_limited: { status: 429, type: ERROR_TYPES.rateLimit, message: 'Too many requests, please try again later' },
  // The user pool's exceptions (decision 006): the code is the exception name the SPA's identity error mapping reads
  // (document 2, section 8). Wrong credentials answer 400, not 401, as the hosted pool did: the SPA treats any
  // 401 as "signed out", which a mistyped password is not.
  UsernameExistsException: { status: 400, type: ERROR_TYPES.validation, message: IDENTITY_MESSAGES.en.usernameExists },
  UserNotConfirmedException: {
    status: 400,
    type: ERROR_TYPES.authentication,
    message: IDENTITY_MESSAGES.en.userNotConfirmed,
  },
  UserNotFoundException: { status: 404, type: ERROR_TYPES.notFound, message: IDENTITY_MESSAGES.en.userNotFound },
  NotAuthorizedException: {
    status: 400,
    type: ERROR_TYPES.authentication,
    message: IDENTITY_MESSAGES.en.notAuthorized,
  },
  InvalidPasswordException: {
    status: 400,
    type: ERROR_TYPES.validation,
    message: IDENTITY_MESSAGES.en.passwordTooShort,
  },
  InvalidConfirmPasswordException: {
    status: 400,
    type: ERROR_TYPES.validation,
    message: IDENTITY_MESSAGES.en.confirmPasswordMismatch,
  },
  CodeMismatchException: { status: 400, type: ERROR_TYPES.validation, message: IDENTITY_MESSAGES.en.codeMismatch },
  ExpiredCodeException: { status: 400, type: ERROR_TYPES.validation, message: IDENTITY_MESSAGES.en.expiredCode },
  InvalidParameterException: { status: 400, type: ERROR_TYPES.validation, message: VALIDATION_MESSAGE },
  LimitExceededException: {
    status: 429,
    type: ERROR_TYPES.rateLimit,
    message: 'Too many failed attempts. Please try again later.',
  },
  // Document 2, section 8's 'no login session' and 'challenge failed' (decision 066): an answer to a second-factor
  // challenge whose login session is unknown or expired, and one refused for another reason than its code (the
  // challenge named is not the pending one, the factor it asks for is gone). 400, not 401: nobody is signed out.
  no_login_session: { status: 400, type: ERROR_TYPES.authentication, message: IDENTITY_MESSAGES.en.noLoginSession },
  challenge_failed: { status: 400, type: ERROR_TYPES.authentication, message: IDENTITY_MESSAGES.en.challengeFailed },
  TooManyRequestsException: {
    status: 429,
    type: ERROR_TYPES.rateLimit,
    message: 'Too many codes requested. Please try again later.',
  },
  // KYC (decision 007): the agreement needs the details first; a signed application can no longer change.
  kyc_details_missing: { status: 400, type: ERROR_TYPES.api, message: KYC_MESSAGES.en.detailsMissing },
  kyc_already_submitted: { status: 409, type: ERROR_TYPES.api, message: KYC_MESSAGES.en.alreadySubmitted },
  // Identity verification (decision 010): a capture waits for its decision; continue-on-phone links are single use.
  verification_already_submitted: {
    status: 409,
    type: ERROR_TYPES.api,
    message: VERIFICATION_MESSAGES.en.alreadySubmitted,
  },
  verification_link_invalid: { status: 400, type: ERROR_TYPES.api, message: VERIFICATION_MESSAGES.en.linkInvalid },
  verification_link_expired: { status: 400, type: ERROR_TYPES.api, message: VERIFICATION_MESSAGES.en.linkExpired },
  // The agreement waits for an identity capture (decision 010): the custodian would have no document to check.
  // The ledger (decision 012): a command the available balance cannot cover; a hold already released or captured.
  insufficient_funds: { status: 422, type: ERROR_TYPES.api, message: 'There are not enough available funds for this' },
  hold_not_active: { status: 409, type: ERROR_TYPES.api, message: 'This hold has already been released or captured' },
  verification_incomplete: {
    status: 409,
    type: ERROR_TYPES.api,
    message: VERIFICATION_MESSAGES.en.verificationIncomplete,
  },
  // The "socure" flag on (docs/feature-flags.md): a capture comes from the phone's link, never the signed-in browser.
  verification_phone_only: {
    status: 403,
    type: ERROR_TYPES.permission,
    message: VERIFICATION_MESSAGES.en.captureOnPhoneOnly,
  },
  // Sandbox funding (decision 014): money goes only into an opened custodial account.
  account_not_opened: { status: 409, type: ERROR_TYPES.api, message: SANDBOX_MESSAGES.accountNotOpened },
  // Bank methods (decision 013): blacklisted banks (document 2, section 9; the message names the bank),
  // expired or foreign link tokens, another user's method id (unknown), a re-auth nobody asked for.
  bank_not_supported: {
    status: 400,
    type: ERROR_TYPES.api,
    message: 'This bank is not supported. Please link a different bank.',
  },
  bank_link_expired: { status: 400, type: ERROR_TYPES.api, message: BANK_LINK_MESSAGES.en.linkExpired },
  bank_institution_unknown: { status: 400, type: ERROR_TYPES.api, message: BANK_LINK_MESSAGES.en.unknownInstitution },
  bank_account_not_in_link: { status: 400, type: ERROR_TYPES.api, message: BANK_LINK_MESSAGES.en.accountNotInLink },
  bank_method_unknown: { status: 404, type: ERROR_TYPES.notFound, message: BANK_LINK_MESSAGES.en.unknownMethod },
  bank_reauth_not_required: { status: 409, type: ERROR_TYPES.api, message: BANK_LINK_MESSAGES.en.reauthNotRequired },
  // Bank linking from the wallet mini-app (decision 034): the browser's link is single use and expires.
  bank_link_handoff_invalid: { status: 400, type: ERROR_TYPES.api, message: BANK_LINK_MESSAGES.en.handoffInvalid },
  bank_link_handoff_expired: { status: 400, type: ERROR_TYPES.api, message: BANK_LINK_MESSAGES.en.handoffExpired },
  bank_link_handoff_unknown: { status: 404, type: ERROR_TYPES.notFound, message: 'Unknown bank link' },
  // Cards (decision 017): another user's card or deposit reads as unknown; hosted form tokens are single
  // use and short-lived; a declined card answers 402 with the processor's message under a field.
  card_method_unknown: { status: 404, type: ERROR_TYPES.notFound, message: CARD_MESSAGES.en.unknownMethod },
  card_contribution_unknown: { status: 404, type: ERROR_TYPES.notFound, message: CARD_MESSAGES.en.unknownContribution },
  card_token_invalid: { status: 400, type: ERROR_TYPES.api, message: CARD_MESSAGES.en.tokenInvalid },
  card_token_used: { status: 409, type: ERROR_TYPES.api, message: CARD_MESSAGES.en.tokenUsed },
  card_expired: { status: 400, type: ERROR_TYPES.api, message: CARD_MESSAGES.en.cardExpired },
  card_declined: { status: 402, type: ERROR_TYPES.api, message: CARD_MESSAGES.en.declined },
  card_contribution_completed: { status: 409, type: ERROR_TYPES.api, message: CARD_MESSAGES.en.contributionCompleted },
  card_contribution_closed: { status: 409, type: ERROR_TYPES.api, message: CARD_MESSAGES.en.contributionClosed },
  card_authorization_mismatch: { status: 400, type: ERROR_TYPES.api, message: CARD_MESSAGES.en.authorizationMismatch },
  // Deposits and withdrawals (decision 015): another user's transfer reads as unknown; a transfer past
  // the point of no return; the withdrawal's emailed link (single use, 24 hours); a linked bank that needs its
  // login again (the re-auth notice of document 2, section 8); a sandbox settle call with nothing to settle.
  transfer_unknown: { status: 404, type: ERROR_TYPES.notFound, message: TRANSFER_MESSAGES.transferUnknown },
  transfer_not_cancellable: { status: 409, type: ERROR_TYPES.api, message: TRANSFER_MESSAGES.notCancellable },
  transfer_not_reversible: { status: 409, type: ERROR_TYPES.api, message: TRANSFER_MESSAGES.notReversible },
  withdrawal_confirmation_invalid: {
    status: 400,
    type: ERROR_TYPES.api,
    message: TRANSFER_MESSAGES.confirmationInvalid,
  },
  withdrawal_confirmation_expired: {
    status: 400,
    type: ERROR_TYPES.api,
    message: TRANSFER_MESSAGES.confirmationExpired,
  },
  withdrawal_not_pending: { status: 409, type: ERROR_TYPES.api, message: TRANSFER_MESSAGES.withdrawalNotPending },
  bank_reauth_required: { status: 409, type: ERROR_TYPES.api, message: BANK_REAUTH_NOTICE },
  nothing_to_settle: { status: 404, type: ERROR_TYPES.notFound, message: 'There is nothing to settle' },
  // Ramp quotes (decision 023): another user's quote reads as unknown; a quote is firm until it expires and
  // single use; a trade over a limit names the amount field; no price to be had (feed down, slow or malformed).
  quote_unknown: { status: 404, type: ERROR_TYPES.notFound, message: RAMP_QUOTE_MESSAGES.quoteUnknown },
  quote_expired: { status: 409, type: ERROR_TYPES.api, message: RAMP_QUOTE_MESSAGES.quoteExpired },
  quote_used: { status: 409, type: ERROR_TYPES.api, message: RAMP_QUOTE_MESSAGES.quoteUsed },
  trade_limit_exceeded: { status: 422, type: ERROR_TYPES.validation, message: VALIDATION_MESSAGE },
  price_unavailable: { status: 503, type: ERROR_TYPES.api, message: RAMP_QUOTE_MESSAGES.priceUnavailable },
  // Orders (decision 024): another user's order reads as unknown; cancel only before funds are committed.
  order_unknown: { status: 404, type: ERROR_TYPES.notFound, message: ORDER_MESSAGES.orderUnknown },
  order_not_cancellable: { status: 409, type: ERROR_TYPES.api, message: ORDER_MESSAGES.notCancellable },
  order_not_awaiting_deposit: { status: 409, type: ERROR_TYPES.api, message: ORDER_MESSAGES.notAwaitingDeposit },
  tracking_unknown: { status: 404, type: ERROR_TYPES.notFound, message: ORDER_MESSAGES.trackingUnknown },
  short_link_unknown: { status: 404, type: ERROR_TYPES.notFound, message: ORDER_MESSAGES.shortLinkUnknown },
  internal: { status: 500, type: ERROR_TYPES.api, message: 'Something went wrong on our side. Please try again.' },
  unavailable: { status: 503, type: ERROR_TYPES.api, message: 'The service is temporarily unavailable' },
} as const satisfies Record<string, { status: number; type: ErrorType; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** A message as a use case gives it: a keyed catalogue message, or free English text (which has no key). */
export type MessageInput = string | ServerMessage;

const textOf = (message: MessageInput) => (typeof message === 'string' ? message : renderServerMessage(message));

/** The key of a message: its own, or a parameterless catalogue text's (server-messages.ts); free text has none. */
const keyOf = (message: MessageInput) => (typeof message === 'string' ? serverMessageOfText(message) : message);

export class AppError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  readonly details: ValidationDetails | undefined;
  readonly headers: Record<string, string>;
  /** The message's key and parameters, when it comes from the catalogue (decision 075). */
  readonly messageKey: ServerMessage | undefined;
  /** Each field's message key, for the fields of `details` whose message has one. */
  readonly fieldKeys: Readonly<Record<string, ServerMessage>>;

  constructor(
    readonly code: ErrorCode,
    options: {
      message?: MessageInput;
      details?: ValidationDetails;
      /** Keys of fields whose message has parameters; parameterless catalogue texts are keyed without it. */
      fieldKeys?: Record<string, ServerMessage>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    const entry = ERROR_CATALOGUE[code];
    const message = options.message ?? entry.message;
    super(textOf(message), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = entry.status;
    this.type = entry.type;
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.messageKey = keyOf(message);
    const fieldKeys: Record<string, ServerMessage> = {};
    for (const [field, text] of Object.entries(options.details?.fields ?? {})) {
      const key = options.fieldKeys?.[field] ?? keyOf(text);
      if (key) fieldKeys[field] = key;
    }
    this.fieldKeys = fieldKeys;
  }

  /** A validation failure on named fields: `errors.errors` lists the messages, `errors.fields` maps them. */
  static validation(fields: Record<string, MessageInput>): AppError {
    return AppError.onFields('validation_failed', fields);
  }

  /** An error of `code` whose messages name fields (`errors.fields`), each keyed when it comes from the catalogue. */
  static onFields(
    code: ErrorCode,
    fields: Record<string, MessageInput>,
    options: { message?: MessageInput; headers?: Record<string, string> } = {},
  ): AppError {
    const texts = Object.fromEntries(Object.entries(fields).map(([field, m]) => [field, textOf(m)]));
    const fieldKeys: Record<string, ServerMessage> = {};
    for (const [field, m] of Object.entries(fields)) if (typeof m !== 'string') fieldKeys[field] = m;
    return new AppError(code, { ...options, details: { errors: Object.values(texts), fields: texts }, fieldKeys });
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
