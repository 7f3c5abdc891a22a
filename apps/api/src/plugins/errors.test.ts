import { describe, expect, it } from 'vitest';
import { ApiErrorBody, IDENTITY_MESSAGES, RAMP_QUOTE_MESSAGES, serverMessage } from '@rampart/contracts';
import { AppError } from '../lib/app-error';
import { errorBody } from './errors';

describe('error replies carry keys beside the English (decision 075)', () => {
  it('a keyed message: the English rendered from the key, the key and parameters beside it', () => {
    const error = AppError.onFields('trade_limit_exceeded', {
      sellAmountTotal: serverMessage('ramp.dailyLimitExceeded', { remaining: '12.50' }),
    });
    const body = ApiErrorBody.parse(errorBody(error, 'req-1'));
    expect(body).toEqual({
      message: 'validation error',
      code: 'trade_limit_exceeded',
      type: 'new_validation_error',
      errors: {
        errors: [RAMP_QUOTE_MESSAGES.dailyLimitExceeded('12.50')],
        fields: { sellAmountTotal: RAMP_QUOTE_MESSAGES.dailyLimitExceeded('12.50') },
      },
      requestId: 'req-1',
      fieldKeys: { sellAmountTotal: { key: 'ramp.dailyLimitExceeded', params: { remaining: '12.50' } } },
    });
  });

  it('the message itself, with its parameters', () => {
    const error = new AppError('CodeMismatchException', {
      message: serverMessage('identity.codeUsed', { seconds: 7 }),
    });
    const body = errorBody(error, 'req-2');
    expect(body.message).toBe(IDENTITY_MESSAGES.en.codeUsed.replace('{{seconds}}', '7'));
    expect(body).toMatchObject({ messageKey: 'identity.codeUsed', params: { seconds: 7 } });
  });

  it('a catalogue default is keyed; a free text is not', () => {
    expect(errorBody(new AppError('quote_expired'), 'r')).toMatchObject({
      message: RAMP_QUOTE_MESSAGES.quoteExpired,
      messageKey: 'ramp.quoteExpired',
    });
    const free = errorBody(new AppError('not_found', { message: 'There is no such hold' }), 'r');
    expect(free.messageKey).toBeUndefined();
    expect(free.params).toBeUndefined();
    expect(free.fieldKeys).toBeUndefined();
  });
});
