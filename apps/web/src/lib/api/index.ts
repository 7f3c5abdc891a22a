export {
  createApiClient,
  LONG_WORK_TIMEOUT_MS,
  parseRetryAfter,
  retryDelayMs,
  type ApiClient,
  type ApiClientOptions,
  type HttpMethod,
  type RequestOptions,
} from './client';
export {
  API_ERROR_CODES,
  API_ERROR_TEXT,
  ApiError,
  CONNECTION_ERROR_TYPE,
  errorText,
  isAccountFrozenError,
  isApiError,
  type ApiErrorInit,
  type ApiErrorKind,
  type MessageKey,
} from './errors';
export { ApiProvider, useApi } from './context';
