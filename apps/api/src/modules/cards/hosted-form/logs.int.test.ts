import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installZodMessages } from '@rampart/contracts';
import { createTestApp, type TestApp } from '../../../../test/helpers';
import { systemClock } from '../../../lib/clock';
import { loggerOptions } from '../../../lib/logger';
import errorsPlugin from '../../../plugins/errors';
import { createSandboxCardProcessor } from '../../../providers/card-processor/sandbox';
import type { CardsContext } from '../context';
import { cardFormRoutes } from './form-routes';

/**
 * The calls that receive card numbers, with the API's own logger configuration at its most talkative level: no card
 * number, CVC or form token reaches the log, whether the card is refused, declined or added.
 */
describe('the hosted form calls leave no card data in the logs', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ctx: CardsContext;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    installZodMessages();
    ctx = { db: t.db, clock: systemClock, jobs: t.jobs, processor: createSandboxCardProcessor({ db: t.db }) };
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = Fastify({ logger: { ...(loggerOptions({ logLevel: 'trace' }) as object), stream } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    await app.register(cardFormRoutes, { prefix: '/api', ctx, config: { adBlockProbeUrl: null } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('logs requests and refusals without the number, the CVC or the token', async () => {
    const { token } = await ctx.processor.createFormToken({ customerId: 'log-test', purpose: 'add', now: new Date() });
    const year = String(new Date().getUTCFullYear() + 2);
    const post = (body: object) =>
      app.inject({ method: 'POST', url: '/api/card-processor/sandbox/cards', payload: body });
    expect((await app.inject({ method: 'GET', url: `/api/card-form?token=${token}&lang=en` })).statusCode).toBe(200);
    expect(
      (await post({ token, number: '4242 4242 4242 4241', expMonth: '12', expYear: year, cvc: '9876' })).statusCode,
    ).toBe(400);
    expect(
      (await post({ token, number: '4000000000000002', expMonth: '12', expYear: year, cvc: '987' })).statusCode,
    ).toBe(402);
    expect(
      (await post({ token, number: '4111-1111-1111-1111', expMonth: '12', expYear: year, cvc: '987' })).statusCode,
    ).toBe(402);
    expect(
      (await post({ token, number: '4242424242424242', expMonth: '12', expYear: year, cvc: '987', extra: 'x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post({ token, number: '5555 5555 5555 4444', expMonth: '12', expYear: year, cvc: '987' })).statusCode,
    ).toBe(200);
    const log = lines.join('');
    // The log did record these requests (so the assertions below look at real lines).
    expect(log).toContain('/api/card-processor/sandbox/cards');
    expect(log).toContain('card_declined');
    expect(lines.length).toBeGreaterThan(10);
    const digits = log.replace(/[\s-]/g, '');
    for (const number of [
      '4242424242424241',
      '4000000000000002',
      '4111111111111111',
      '4242424242424242',
      '5555555555554444',
    ])
      expect(digits).not.toContain(number);
    expect(log).not.toMatch(/"9876"|"987"/);
    expect(log).not.toContain(token);
  });
});
