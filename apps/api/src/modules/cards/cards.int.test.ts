import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorBody,
  CardContributionReply,
  CardContributionTokenReply,
  CardProcessorAddCardReply,
  CardProcessorChargeReply,
  CardTokenReply,
  CcMethodAddReply,
  CcMethodListReply,
  CcMethodRemoveReply,
  HoldingsReply,
} from '@rampart/contracts';
import { manualClock } from '../../lib/clock';
import { createKycKit, type KycKit } from '../../../test/kits/kyc-test-kit';
import { checkInvariants } from '../ledger';

const NO_SUCH_ID = '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a';
const VISA = '4242 4242 4242 4242';
const CALLS = [
  '/api/primetrust-creditcard-widget-token',
  '/api/cc-method-add',
  '/api/cc-method-list',
  '/api/cc-method-remove',
  '/api/primetrust-creditcard-contribution-token',
  '/api/primetrust-creditcard-contribution-update',
  '/api/primetrust-creditcard-contribution-cancel',
  '/api/primetrust-creditcard-refresh-token',
];

/** The card calls of document 2, section 7, the hosted card form and the card processor sandbox (decision 017). */
describe('cards: card methods, card deposits and the hosted card form', () => {
  let k: KycKit;
  let users = 0;
  const clock = manualClock(new Date());
  const year = () => clock.now().getUTCFullYear();

  beforeAll(async () => {
    k = await createKycKit({ clock });
  });
  afterEach(async () => {
    // After every test: the ledger's invariants hold, whatever the test did.
    expect(await checkInvariants(k.t.db)).toEqual({ ok: true, violations: [] });
  });
  afterAll(async () => {
    await k?.close();
  });

  const newUser = () => k.signedInUser(`cards-${++users}@example.com`);

  async function ok<T>(
    url: string,
    token: string | undefined,
    body: unknown,
    schema: { parse(v: unknown): T },
    headers?: Record<string, string>,
  ): Promise<T> {
    const res = await k.call(url, { ...(token ? { token } : {}), body, ...(headers ? { headers } : {}) });
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
    return schema.parse(res.body);
  }

  async function fail(
    url: string,
    token: string | undefined,
    body: unknown,
    status: number,
    headers?: Record<string, string>,
  ) {
    const res = await k.call(url, { ...(token ? { token } : {}), body, ...(headers ? { headers } : {}) });
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(status);
    return ApiErrorBody.parse(res.body);
  }

  const page = (url: string) => k.t.app.inject({ method: 'GET', url });
  const widgetToken = (token: string, lang?: 'en' | 'es') =>
    ok('/api/primetrust-creditcard-widget-token', token, lang ? { lang } : {}, CardTokenReply);
  const card = (formToken: string, number = VISA, extra: Record<string, string> = {}) => ({
    token: formToken,
    number,
    expMonth: '12',
    expYear: String(year() + 3),
    cvc: '123',
    ...extra,
  });
  const submitCard = (body: unknown) => k.call('/api/card-processor/sandbox/cards', { body });
  const list = (token: string) => ok('/api/cc-method-list', token, {}, CcMethodListReply);

  /** Widget token → the hosted form's add step → cc-method-add, as the SPA and the form do it. */
  async function addCard(token: string, number = VISA, nickname?: string, extra: Record<string, string> = {}) {
    const { token: formToken } = await widgetToken(token);
    const res = await submitCard(card(formToken, number, extra));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const added = CardProcessorAddCardReply.parse(res.body);
    const body = {
      fundsTransferMethodId: added.fundsTransferMethodId,
      fundsTransferMethod: 'credit_card',
      ...(nickname === undefined ? {} : { nickname }),
    };
    return (await ok('/api/cc-method-add', token, body, CcMethodAddReply)).method;
  }

  async function openedUser(): Promise<string> {
    const token = await newUser();
    expect((await k.call('/api/primetrust/sandbox/account/individual/create', { token, body: {} })).status).toBe(200);
    return token;
  }

  const depositToken = (token: string, body: unknown, key?: string) =>
    k.call('/api/primetrust-creditcard-contribution-token', {
      token,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  async function startDeposit(token: string, fundsTransferMethodId: string, amount: string | number = '100') {
    const res = await depositToken(token, { fundsTransferMethodId, amount });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CardContributionTokenReply.parse(res.body);
  }

  async function chargeForm(formToken: string, cvc = '123') {
    const res = await k.call('/api/card-processor/sandbox/charges', { body: { token: formToken, cvc } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CardProcessorChargeReply.parse(res.body);
  }

  async function userIdOf(email: string): Promise<string> {
    const { rows } = await k.t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    return rows[0]!.id;
  }

  async function cardTransfers(userId: string) {
    const { rows } = await k.t.db.query<{
      method: string;
      status: string;
      amount: string;
      fee: string;
      method_id: string;
      method_last4: string;
      method_label: string;
    }>(
      'SELECT method, status, amount::text AS amount, fee::text AS fee, method_id, method_last4, method_label FROM transfers WHERE user_id = $1 ORDER BY created_at',
      [userId],
    );
    return rows;
  }

  it('answers 401 to anonymous callers on every card call, before looking at the body', async () => {
    for (const url of CALLS) expect((await k.call(url, { body: { nonsense: true } })).status, url).toBe(401);
  });

  it('adds a card: a single-use widget token, the hosted form, then cc-method-add keeps brand, last four and expiry only', async () => {
    const token = await newUser();
    const issued = await widgetToken(token, 'es');
    expect(issued).toMatchObject({
      purpose: 'add',
      formUrl: `/api/card-form?token=${encodeURIComponent(issued.token)}&lang=es`,
    });
    expect(new Date(issued.expiresAt).getTime() - clock.now().getTime()).toBe(10 * 60_000);
    const res = await submitCard(card(issued.token, VISA, { expMonth: '4' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const added = CardProcessorAddCardReply.parse(res.body);
    expect(added).toEqual({
      fundsTransferMethodId: added.fundsTransferMethodId,
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: year() + 3,
      funding: 'debit',
    });
    // Single use: the same token cannot add another card (the Spanish form says so in Spanish).
    const again = await submitCard({ ...card(issued.token, '5555 5555 5555 4444'), lang: 'es' });
    expect(again.status).toBe(409);
    expect(ApiErrorBody.parse(again.body)).toMatchObject({
      code: 'card_token_used',
      errors: { fields: { token: 'Este formulario de tarjeta ya se usó. Ábrelo de nuevo.' } },
    });

    // Not listed until the SPA adds it.
    expect((await list(token)).methods).toEqual([]);
    const reply = await ok(
      '/api/cc-method-add',
      token,
      { fundsTransferMethodId: added.fundsTransferMethodId, fundsTransferMethod: 'credit_card', nickname: '' },
      CcMethodAddReply,
    );
    const expiry = `04/${String((year() + 3) % 100).padStart(2, '0')}`;
    expect(reply).toEqual({
      success: true,
      method: {
        fundsTransferMethodId: added.fundsTransferMethodId,
        nickname: 'Visa 4242',
        fundsTransferMethod: 'credit_card',
        brand: 'visa',
        last4: '4242',
        expMonth: 4,
        expYear: year() + 3,
        expiry,
        funding: 'debit',
        expired: false,
      },
    });
    // Idempotent: the same card again is the same method, not a second one.
    const twice = await ok(
      '/api/cc-method-add',
      token,
      { fundsTransferMethodId: added.fundsTransferMethodId, fundsTransferMethod: 'credit_card', nickname: 'Other' },
      CcMethodAddReply,
    );
    expect(twice.method).toEqual(reply.method);
    expect(await list(token)).toEqual({ success: true, errors: { errors: [], fields: {} }, methods: [reply.method] });
  });

  it('keeps no card number or CVC anywhere in the database', async () => {
    const token = await newUser();
    await addCard(token, '3782 822463 10005', 'Amex', { cvc: '7391' });
    await addCard(token, '6011 1111 1111 1117');
    const { rows: tables } = await k.t.db.query<{ table_schema: string; table_name: string }>(
      "SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'",
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['card_methods', 'card_processor_sandbox_cards', 'card_processor_sandbox_tokens']),
    );
    let scanned = 0;
    for (const { table_schema, table_name } of tables) {
      const { rows } = await k.t.db.query<{ row: string }>(
        `SELECT t::text AS row FROM "${table_schema}"."${table_name}" t`,
      );
      for (const { row } of rows) {
        scanned += 1;
        const digits = row.replace(/[^0-9]/g, ' ');
        expect(digits, `${table_schema}.${table_name}`).not.toMatch(/378282246310005|6011111111111117/);
        // Random ids and hashes may hold any four digits (a sign-up code's hash once held 7391): look for the CVC as
        // a number of its own, outside them.
        const withoutIds = row
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ' ')
          .replace(/[0-9a-f]{16,}/gi, ' ');
        expect(withoutIds, `${table_schema}.${table_name}`).not.toMatch(
          /3782 822463 10005|6011 1111 1111 1117|(^|[^0-9])7391([^0-9]|$)/,
        );
      }
    }
    expect(scanned).toBeGreaterThan(10);
    const { rows } = await k.t.db.query<{ last4: string; brand: string }>(
      'SELECT last4, brand FROM card_methods WHERE user_id = $1 ORDER BY created_at',
      [await userIdOf(`cards-${users}@example.com`)],
    );
    expect(rows).toEqual([
      { last4: '0005', brand: 'amex' },
      { last4: '1117', brand: 'discover' },
    ]);
  });

  it('refuses bad card details under their fields, in English or Spanish, and the token stays usable', async () => {
    const token = await newUser();
    const { token: formToken } = await widgetToken(token);
    const refused = async (body: Record<string, string>, status = 400) => {
      const res = await submitCard(body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return ApiErrorBody.parse(res.body);
    };
    expect((await refused(card(formToken, '4242 4242 4242 4241'))).errors?.fields).toEqual({
      number: 'Your card number is invalid.',
    });
    expect((await refused({ ...card(formToken, '4242 4242 4242 4241'), lang: 'es' })).errors?.fields).toEqual({
      number: 'El número de tu tarjeta no es válido.',
    });
    const all = await refused({ token: formToken, number: '', expMonth: '13', expYear: '', cvc: '12' });
    expect(all).toMatchObject({ type: 'new_validation_error', message: 'validation error' });
    expect(all.errors?.fields).toEqual({
      number: 'Enter your card number.',
      expMonth: 'Enter the expiry month (01 to 12).',
      expYear: 'Enter a valid expiry year.',
      cvc: 'Enter the 3-digit security code.',
    });
    expect(
      (await refused(card(formToken, VISA, { expMonth: '1', expYear: String(year() - 1) }))).errors?.fields,
    ).toEqual({ expYear: 'Your card has expired.' });
    expect((await refused(card(formToken, '3782 822463 10005', { cvc: '123' }))).errors?.fields).toEqual({
      cvc: 'Enter the 4-digit security code.',
    });
    expect((await refused({ ...card(formToken, '6759 6498 2643 8453'), lang: 'es' })).errors?.fields).toEqual({
      number: 'Esta marca de tarjeta no es compatible.',
    });
    // Declines: 402 with the processor's message under the field.
    const declined = await refused(card(formToken, '4000 0000 0000 0002'), 402);
    expect(declined).toMatchObject({
      code: 'card_declined',
      message: 'Your card was declined.',
      errors: { errors: ['Your card was declined.'], fields: { number: 'Your card was declined.' } },
    });
    expect((await refused(card(formToken, '4111 1111 1111 1111'), 402)).errors?.fields).toEqual({
      number: 'Only debit cards are accepted. Please use a debit card.',
    });
    expect((await refused({ ...card(formToken, '4000 0000 0000 0002'), lang: 'es' }, 402)).errors?.fields).toEqual({
      number: 'Tu tarjeta fue rechazada.',
    });
    // Malformed bodies: the schema's 400, and unknown keys are refused.
    expect((await refused({ token: 'not a token' })).errors?.fields).toHaveProperty('token');
    await refused({ ...card(formToken), pan: '4242424242424242' });
    // Nine refusals so far: the token still adds a card.
    expect((await submitCard(card(formToken))).status).toBe(200);
  });

  it('a token dies after 10 refused attempts', async () => {
    const token = await newUser();
    const { token: formToken } = await widgetToken(token);
    const cvc = await submitCard(card(formToken, '4000 0000 0000 0127'));
    expect(cvc.status).toBe(402);
    expect(ApiErrorBody.parse(cvc.body).errors?.fields).toEqual({ cvc: "Your card's security code is incorrect." });
    for (let i = 0; i < 9; i++) expect((await submitCard(card(formToken, '4000 0000 0000 0002'))).status).toBe(402);
    const res = await submitCard(card(formToken));
    expect(res.status).toBe(400);
    expect(ApiErrorBody.parse(res.body)).toMatchObject({
      code: 'card_token_invalid',
      errors: { fields: { token: 'This card form has expired. Please open it again.' } },
    });
  });

  it('widget tokens expire after 10 minutes; refresh-token gives a new one and kills the old', async () => {
    const token = await newUser();
    const first = await widgetToken(token);
    clock.advance(10 * 60_000 + 1);
    const expired = await submitCard(card(first.token));
    expect(expired.status).toBe(400);
    expect(ApiErrorBody.parse(expired.body).code).toBe('card_token_invalid');
    const dead = await page(first.formUrl);
    expect(dead.statusCode).toBe(410);
    expect(dead.body).toContain('This card form has expired');
    expect(dead.body).toContain('data-state="dead"');

    const fresh = await ok(
      '/api/primetrust-creditcard-refresh-token',
      token,
      { token: first.token, lang: 'es' },
      CardTokenReply,
    );
    expect(fresh.token).not.toBe(first.token);
    expect(fresh).toMatchObject({ purpose: 'add', formUrl: expect.stringMatching(/&lang=es$/) });
    // The old token cannot be refreshed again; another user's token is unknown to this caller.
    expect((await fail('/api/primetrust-creditcard-refresh-token', token, { token: first.token }, 400)).code).toBe(
      'card_token_invalid',
    );
    const other = await newUser();
    expect((await fail('/api/primetrust-creditcard-refresh-token', other, { token: fresh.token }, 400)).code).toBe(
      'card_token_invalid',
    );
    expect((await fail('/api/primetrust-creditcard-refresh-token', token, { token: 'cft_unknown' }, 400)).code).toBe(
      'card_token_invalid',
    );
    expect((await submitCard(card(fresh.token))).status).toBe(200);
    // A used token is not refreshed.
    expect((await fail('/api/primetrust-creditcard-refresh-token', token, { token: fresh.token }, 409)).code).toBe(
      'card_token_used',
    );
    await fail('/api/primetrust-creditcard-refresh-token', token, { token: 'a b' }, 400);
  });

  it('serves the hosted form with a strict CSP (no unsafe-inline), framed by this origin only, with its script and stylesheet', async () => {
    const token = await newUser();
    const { formUrl } = await widgetToken(token);
    const res = await page(`${formUrl}&returnTo=/trade/method`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<script src="/api/card-form/form.js" defer></script>');
    expect(html).toContain('<link rel="stylesheet" href="/api/card-form/form.css">');
    // No inline script or style anywhere.
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script src="/api/card-form/form.js" defer>']);
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
    // Labelled inputs with their hints and error slots.
    for (const id of ['number', 'expMonth', 'expYear', 'cvc', 'nickname']) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain(`aria-describedby="${id}-hint ${id}-error"`);
    }
    expect(html).toContain('autocomplete="cc-number"');
    expect(html).toContain('role="alert"');
    expect(html).toContain('data-return-to="/trade/method"');
    // Another origin's address cannot be the way back.
    expect((await page(`${formUrl}&returnTo=//evil.example/x`)).body).toContain('data-return-to="/"');
    expect((await page(`${formUrl}&returnTo=https://evil.example/`)).body).toContain('data-return-to="/"');

    const script = await page('/api/card-form/form.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('window.parent.postMessage(message, origin)');
    expect(script.body).toContain("type = 'rampart-card'");
    const css = await page('/api/card-form/form.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);

    const spanish = await page(`${formUrl.replace('lang=en', 'lang=es')}`);
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Añadir una tarjeta de débito');
    expect(spanish.body).toContain('Número de tarjeta');
    // An unknown language falls back to English; no token at all is a dead form.
    expect((await page(formUrl.replace('lang=en', 'lang=fr'))).body).toContain('Add a debit card');
    expect((await page('/api/card-form')).statusCode).toBe(410);
  });

  it('refuses bad bodies with the validation shape', async () => {
    const token = await newUser();
    const bad = await fail(
      '/api/cc-method-add',
      token,
      { fundsTransferMethodId: NO_SUCH_ID, fundsTransferMethod: 'plaid' },
      400,
    );
    expect(bad).toMatchObject({ type: 'new_validation_error', message: 'validation error' });
    expect(bad.errors?.fields).toHaveProperty('fundsTransferMethod');
    expect(
      (
        await fail(
          '/api/cc-method-add',
          token,
          { fundsTransferMethodId: '1 OR 1=1', fundsTransferMethod: 'credit_card' },
          400,
        )
      ).errors?.fields,
    ).toHaveProperty('fundsTransferMethodId');
    expect(
      (
        await fail(
          '/api/cc-method-add',
          token,
          { fundsTransferMethodId: NO_SUCH_ID, fundsTransferMethod: 'credit_card', number: '4242424242424242' },
          400,
        )
      ).type,
    ).toBe('new_validation_error');
    await fail('/api/cc-method-remove', token, {}, 400);
    await fail('/api/cc-method-list', token, { extra: 1 }, 400);
    await fail('/api/primetrust-creditcard-widget-token', token, { lang: 'fr' }, 400);
    await fail('/api/primetrust-creditcard-contribution-update', token, { contributionId: NO_SUCH_ID }, 400);
    await fail('/api/primetrust-creditcard-contribution-cancel', token, { contributionId: 'x' }, 400);
    await fail('/api/primetrust-creditcard-refresh-token', token, {}, 400);
    // Unknown ids: 404 with the message under the field (errors.errors for the SPA's error state).
    const unknown = await fail('/api/cc-method-remove', token, { fundsTransferMethodId: NO_SUCH_ID }, 404);
    expect(unknown).toMatchObject({
      code: 'card_method_unknown',
      message: 'Unknown card',
      errors: { errors: ['Unknown card'], fields: { fundsTransferMethodId: 'Unknown card' } },
    });
    expect(
      (
        await fail(
          '/api/cc-method-add',
          token,
          { fundsTransferMethodId: NO_SUCH_ID, fundsTransferMethod: 'credit_card' },
          404,
        )
      ).code,
    ).toBe('card_method_unknown');
  });

  it("reads every card, deposit and token through its owner: another user's id is unknown", async () => {
    const owner = await openedUser();
    const method = await addCard(owner);
    const deposit = await startDeposit(owner, method.fundsTransferMethodId);
    const intruder = await openedUser();
    const id = method.fundsTransferMethodId;
    expect(
      (
        await fail(
          '/api/cc-method-add',
          intruder,
          { fundsTransferMethodId: id, fundsTransferMethod: 'credit_card' },
          404,
        )
      ).code,
    ).toBe('card_method_unknown');
    expect((await fail('/api/cc-method-remove', intruder, { fundsTransferMethodId: id }, 404)).code).toBe(
      'card_method_unknown',
    );
    expect(
      (
        await fail(
          '/api/primetrust-creditcard-contribution-token',
          intruder,
          { fundsTransferMethodId: id, amount: '10' },
          404,
        )
      ).code,
    ).toBe('card_method_unknown');
    const charged = await chargeForm(deposit.token);
    const ids = { contributionId: deposit.contribution.contributionId, authorizationId: charged.authorizationId };
    expect((await fail('/api/primetrust-creditcard-contribution-update', intruder, ids, 404)).code).toBe(
      'card_contribution_unknown',
    );
    expect(
      (
        await fail(
          '/api/primetrust-creditcard-contribution-cancel',
          intruder,
          { contributionId: ids.contributionId },
          404,
        )
      ).code,
    ).toBe('card_contribution_unknown');
    expect((await list(intruder)).methods).toEqual([]);
    // The owner's deposit is untouched by all that.
    const done = await ok('/api/primetrust-creditcard-contribution-update', owner, ids, CardContributionReply);
    expect(done.contribution.status).toBe('completed');
  });

  it('a card deposit: amount + 4% fee authorized through the form, then recorded once as a pending card contribution', async () => {
    const token = await openedUser();
    const userId = await userIdOf(`cards-${users}@example.com`);
    const method = await addCard(token);
    const deposit = await startDeposit(token, method.fundsTransferMethodId, '100');
    expect(deposit).toMatchObject({
      purpose: 'charge',
      method,
      contribution: {
        fundsTransferMethodId: method.fundsTransferMethodId,
        status: 'awaiting_authorization',
        amount: '100.00',
        fee: '4.00',
        total: '104.00',
        authorizationId: null,
        transferId: null,
      },
    });
    // The charge step of the form: the card, the amounts and the CVC field only.
    const form = await page(deposit.formUrl);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Visa •••• 4242');
    expect(form.body).toContain('$104.00');
    expect(form.body).toContain('Pay $104.00');
    expect(form.body).toContain(`data-contribution-id="${deposit.contribution.contributionId}"`);
    expect(form.body).not.toContain('id="number"');
    // The CVC is checked again (3 digits for Visa); a refusal leaves the token usable.
    const badCvc = await k.call('/api/card-processor/sandbox/charges', {
      body: { token: deposit.token, cvc: '12', lang: 'es' },
    });
    expect(badCvc.status).toBe(400);
    expect(ApiErrorBody.parse(badCvc.body).errors?.fields).toEqual({
      cvc: 'Introduce el código de seguridad de 3 dígitos.',
    });
    const charged = await chargeForm(deposit.token);
    expect(charged).toMatchObject({
      status: 'approved',
      contributionId: deposit.contribution.contributionId,
      fundsTransferMethodId: method.fundsTransferMethodId,
      declineCode: null,
      message: null,
    });
    // The form's token is used up.
    expect(
      (await k.call('/api/card-processor/sandbox/charges', { body: { token: deposit.token, cvc: '123' } })).status,
    ).toBe(409);

    const ids = { contributionId: deposit.contribution.contributionId, authorizationId: charged.authorizationId };
    const done = await ok('/api/primetrust-creditcard-contribution-update', token, ids, CardContributionReply);
    expect(done.contribution).toMatchObject({
      status: 'completed',
      authorizationId: charged.authorizationId,
      amount: '100.00',
      fee: '4.00',
    });
    expect(done.contribution.transferId).toEqual(expect.any(String));
    // Retried: the same answer, one transfer.
    const again = await ok('/api/primetrust-creditcard-contribution-update', token, ids, CardContributionReply);
    expect(again.contribution).toEqual(done.contribution);
    expect(await cardTransfers(userId)).toEqual([
      {
        method: 'card',
        status: 'pending',
        amount: '10000',
        fee: '400',
        method_id: method.fundsTransferMethodId,
        method_last4: '4242',
        method_label: 'Visa 4242',
      },
    ]);
    // Pending: nothing in the balance yet (it settles after 12 hours).
    expect(
      HoldingsReply.parse((await k.call('/api/primetrust-accounts-view', { token, body: {} })).body),
    ).toMatchObject({ settled: '0.00', available: '0.00' });
    // A completed deposit cannot be cancelled.
    expect(
      (await fail('/api/primetrust-creditcard-contribution-cancel', token, { contributionId: ids.contributionId }, 409))
        .code,
    ).toBe('card_contribution_completed');
    // The sandbox's "settle last card deposit": the balance gains the amount (the fee was charged on top).
    expect((await k.call('/api/primetrust-sandbox-settle-last-cc-contribution', { token, body: {} })).status).toBe(200);
    expect(
      HoldingsReply.parse((await k.call('/api/primetrust-accounts-view', { token, body: {} })).body),
    ).toMatchObject({ settled: '100.00', available: '100.00' });
    expect((await cardTransfers(userId))[0]?.status).toBe('settled');
  });

  it('an authorization of another deposit, card or amount does not complete this one', async () => {
    const token = await openedUser();
    const method = await addCard(token);
    const one = await startDeposit(token, method.fundsTransferMethodId, '10');
    const two = await startDeposit(token, method.fundsTransferMethodId, '20');
    const chargedTwo = await chargeForm(two.token);
    const mismatch = await fail(
      '/api/primetrust-creditcard-contribution-update',
      token,
      { contributionId: one.contribution.contributionId, authorizationId: chargedTwo.authorizationId },
      400,
    );
    expect(mismatch).toMatchObject({
      code: 'card_authorization_mismatch',
      errors: { fields: { authorizationId: 'This authorization does not belong to this card deposit' } },
    });
    expect(
      (
        await fail(
          '/api/primetrust-creditcard-contribution-update',
          token,
          { contributionId: one.contribution.contributionId, authorizationId: NO_SUCH_ID },
          400,
        )
      ).code,
    ).toBe('card_authorization_mismatch');
  });

  it('a declined charge declines the deposit: 402 with the processor message under the card field, no transfer', async () => {
    const token = await openedUser();
    const userId = await userIdOf(`cards-${users}@example.com`);
    const method = await addCard(token, '4000 0000 0000 9995');
    const deposit = await startDeposit(token, method.fundsTransferMethodId, '50');
    const charged = await chargeForm(deposit.token);
    expect(charged).toMatchObject({
      status: 'declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const ids = { contributionId: deposit.contribution.contributionId, authorizationId: charged.authorizationId };
    const declined = await fail('/api/primetrust-creditcard-contribution-update', token, ids, 402);
    expect(declined).toMatchObject({
      code: 'card_declined',
      message: 'Your card has insufficient funds.',
      errors: { errors: ['Your card has insufficient funds.'], fields: { card: 'Your card has insufficient funds.' } },
    });
    expect((await fail('/api/primetrust-creditcard-contribution-update', token, ids, 402)).message).toBe(
      'Your card has insufficient funds.',
    );
    expect(await cardTransfers(userId)).toEqual([]);
    // The same card again: a new deposit, declined again (the test number always declines).
    const second = await startDeposit(token, method.fundsTransferMethodId, '50');
    expect((await chargeForm(second.token)).status).toBe('declined');
    // 4000 0000 0000 0341: added, then declined on charge with the generic message; in Spanish in the form.
    const generic = await addCard(token, '4000 0000 0000 0341');
    const third = await startDeposit(token, generic.fundsTransferMethodId, '5');
    const res = await k.call('/api/card-processor/sandbox/charges', {
      body: { token: third.token, cvc: '123', lang: 'es' },
    });
    expect(CardProcessorChargeReply.parse(res.body)).toMatchObject({
      status: 'declined',
      declineCode: 'card_declined',
      message: 'Tu tarjeta fue rechazada.',
    });
  });

  it('checks the amount, the account and the card before a deposit starts', async () => {
    const notOpened = await newUser();
    const method = await addCard(notOpened);
    const closed = await fail(
      '/api/primetrust-creditcard-contribution-token',
      notOpened,
      { fundsTransferMethodId: method.fundsTransferMethodId, amount: '10' },
      409,
    );
    expect(closed.code).toBe('account_not_opened');

    const token = await openedUser();
    const card = await addCard(token);
    const amount = async (value: unknown) =>
      (
        await fail(
          '/api/primetrust-creditcard-contribution-token',
          token,
          { fundsTransferMethodId: card.fundsTransferMethodId, amount: value },
          400,
        )
      ).errors?.fields;
    expect(await amount('')).toEqual({ amount: 'Amount is required' });
    expect(await amount(null)).toEqual({ amount: 'Amount is required' });
    expect(await amount('0')).toEqual({ amount: 'Amount must be greater than 0' });
    expect(await amount('-5')).toEqual({ amount: 'Amount must be greater than 0' });
    expect(await amount('1.234')).toEqual({ amount: 'Amount can have at most 2 decimal places' });
    expect(await amount('ten')).toEqual({ amount: 'Amount must be a number' });
    // A JSON number is read as the decimal it prints as; the fee rounds half up to the cent (4% of 0.13 = 0.0052).
    expect((await startDeposit(token, card.fundsTransferMethodId, 12.5)).contribution).toMatchObject({
      amount: '12.50',
      fee: '0.50',
      total: '13.00',
    });
    expect((await startDeposit(token, card.fundsTransferMethodId, '0.13')).contribution).toMatchObject({
      amount: '0.13',
      fee: '0.01',
      total: '0.14',
    });

    // An expired card stays listed, named in errors.fields, and cannot pay.
    await k.t.db.query('UPDATE card_methods SET exp_month = $2, exp_year = $3 WHERE id = $1', [
      card.fundsTransferMethodId,
      1,
      year() - 1,
    ]);
    const listed = await list(token);
    expect(listed.success).toBe(true);
    expect(listed.methods[0]).toMatchObject({ fundsTransferMethodId: card.fundsTransferMethodId, expired: true });
    expect(listed.errors).toEqual({
      errors: ['This card has expired. Please add a new card.'],
      fields: { [card.fundsTransferMethodId]: 'This card has expired. Please add a new card.' },
    });
    const expired = await fail(
      '/api/primetrust-creditcard-contribution-token',
      token,
      { fundsTransferMethodId: card.fundsTransferMethodId, amount: '10' },
      400,
    );
    expect(expired).toMatchObject({
      code: 'card_expired',
      errors: { fields: { fundsTransferMethodId: 'This card has expired. Please add a new card.' } },
    });
  });

  it('Idempotency-Key: the same request answers the same deposit with a fresh token; other parameters, 422', async () => {
    const token = await openedUser();
    const method = await addCard(token);
    const body = { fundsTransferMethodId: method.fundsTransferMethodId, amount: '25' };
    const first = CardContributionTokenReply.parse((await depositToken(token, body, 'deposit-1')).body);
    const second = CardContributionTokenReply.parse(
      (await depositToken(token, { ...body, amount: '25.00' }, 'deposit-1')).body,
    );
    expect(second.contribution.contributionId).toBe(first.contribution.contributionId);
    expect(second.token).not.toBe(first.token);
    // The earlier token died with the replay: one live token per deposit.
    expect(
      (await k.call('/api/card-processor/sandbox/charges', { body: { token: first.token, cvc: '123' } })).status,
    ).toBe(400);
    const other = await depositToken(token, { ...body, amount: '26' }, 'deposit-1');
    expect(other.status).toBe(422);
    expect(ApiErrorBody.parse(other.body)).toMatchObject({
      code: 'idempotency_error',
      type: 'idempotency_error',
      errors: { fields: { amount: expect.any(String) } },
    });
    expect((await depositToken(token, body, 'bad key with spaces')).status).toBe(400);
    // Completed, the key answers 409: the deposit is not started again.
    const charged = await chargeForm(second.token);
    await ok(
      '/api/primetrust-creditcard-contribution-update',
      token,
      { contributionId: second.contribution.contributionId, authorizationId: charged.authorizationId },
      CardContributionReply,
    );
    const replay = await depositToken(token, body, 'deposit-1');
    expect(replay.status).toBe(409);
    expect(ApiErrorBody.parse(replay.body).code).toBe('card_contribution_completed');
    const { rows } = await k.t.db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM transfers WHERE method = 'card' AND method_id = $1",
      [method.fundsTransferMethodId],
    );
    expect(rows[0]?.n).toBe('1');
  });

  it('cancel: the deposit is cancelled, its tokens die, an authorization is voided; a charge token refresh follows the deposit', async () => {
    const token = await openedUser();
    const method = await addCard(token);
    const deposit = await startDeposit(token, method.fundsTransferMethodId, '30');
    // Expired charge token: refreshed while the deposit waits.
    clock.advance(10 * 60_000 + 1);
    expect((await page(deposit.formUrl)).statusCode).toBe(410);
    const fresh = await ok('/api/primetrust-creditcard-refresh-token', token, { token: deposit.token }, CardTokenReply);
    expect(fresh.purpose).toBe('charge');
    const charged = await chargeForm(fresh.token);
    const cancelled = await ok(
      '/api/primetrust-creditcard-contribution-cancel',
      token,
      { contributionId: deposit.contribution.contributionId },
      CardContributionReply,
    );
    expect(cancelled.contribution.status).toBe('cancelled');
    expect(
      await ok(
        '/api/primetrust-creditcard-contribution-cancel',
        token,
        { contributionId: deposit.contribution.contributionId },
        CardContributionReply,
      ),
    ).toEqual(cancelled);
    const update = await fail(
      '/api/primetrust-creditcard-contribution-update',
      token,
      { contributionId: deposit.contribution.contributionId, authorizationId: charged.authorizationId },
      409,
    );
    expect(update.code).toBe('card_contribution_closed');
    const { rows } = await k.t.db.query<{ status: string }>(
      'SELECT status FROM card_processor_sandbox_authorizations WHERE id = $1',
      [charged.authorizationId],
    );
    expect(rows[0]?.status).toBe('voided');

    // A waiting deposit's token dies with the cancel; refreshing it is refused.
    const other = await startDeposit(token, method.fundsTransferMethodId, '5');
    await ok(
      '/api/primetrust-creditcard-contribution-cancel',
      token,
      { contributionId: other.contribution.contributionId },
      CardContributionReply,
    );
    expect(
      (await k.call('/api/card-processor/sandbox/charges', { body: { token: other.token, cvc: '123' } })).status,
    ).toBe(400);
    expect((await fail('/api/primetrust-creditcard-refresh-token', token, { token: other.token }, 409)).code).toBe(
      'card_contribution_closed',
    );
  });

  it('remove: the card leaves the list, cannot be added back or charged, and its waiting deposits are cancelled', async () => {
    const token = await openedUser();
    const keep = await addCard(token, '5555 5555 5555 4444', 'Groceries');
    const gone = await addCard(token);
    expect(keep).toMatchObject({ nickname: 'Groceries', brand: 'mastercard', last4: '4444' });
    const waiting = await startDeposit(token, gone.fundsTransferMethodId, '10');
    const removed = await ok(
      '/api/cc-method-remove',
      token,
      { fundsTransferMethodId: gone.fundsTransferMethodId },
      CcMethodRemoveReply,
    );
    expect(removed).toEqual({
      success: true,
      fundsTransferMethodId: gone.fundsTransferMethodId,
      errors: { errors: [], fields: {} },
    });
    expect((await list(token)).methods.map((m) => m.fundsTransferMethodId)).toEqual([keep.fundsTransferMethodId]);
    expect(
      (await fail('/api/cc-method-remove', token, { fundsTransferMethodId: gone.fundsTransferMethodId }, 404)).errors
        ?.errors,
    ).toEqual(['Unknown card']);
    expect(
      (
        await fail(
          '/api/cc-method-add',
          token,
          { fundsTransferMethodId: gone.fundsTransferMethodId, fundsTransferMethod: 'credit_card' },
          404,
        )
      ).code,
    ).toBe('card_method_unknown');
    expect(
      (
        await fail(
          '/api/primetrust-creditcard-contribution-token',
          token,
          { fundsTransferMethodId: gone.fundsTransferMethodId, amount: '1' },
          404,
        )
      ).code,
    ).toBe('card_method_unknown');
    expect(
      (await k.call('/api/card-processor/sandbox/charges', { body: { token: waiting.token, cvc: '123' } })).status,
    ).toBe(400);
    const { rows } = await k.t.db.query<{ status: string }>('SELECT status FROM card_contributions WHERE id = $1', [
      waiting.contribution.contributionId,
    ]);
    expect(rows[0]?.status).toBe('cancelled');
  });

  it("card deposits share the card's rolling-week $1000: one beyond it is refused before the card is charged (decision 053)", async () => {
    const token = await openedUser();
    const method = await addCard(token);
    const first = await startDeposit(token, method.fundsTransferMethodId, '600');
    const charged = await chargeForm(first.token);
    await ok(
      '/api/primetrust-creditcard-contribution-update',
      token,
      { contributionId: first.contribution.contributionId, authorizationId: charged.authorizationId },
      CardContributionReply,
    );
    const limits = await k.call('/api/ramp/limits', { token, body: { method: 'primex_card' } });
    expect((limits.body as { limits: { used: string; remaining: string }[] }).limits[0]).toMatchObject({
      used: '600.00',
      remaining: '400.00',
    });

    const over = await fail(
      '/api/primetrust-creditcard-contribution-token',
      token,
      { fundsTransferMethodId: method.fundsTransferMethodId, amount: '400.01' },
      422,
    );
    expect(over.code).toBe('trade_limit_exceeded');
    expect(over.errors?.fields).toEqual({
      amount: 'This is over your $1000 weekly limit for this method; $400.00 remains',
    });
    await startDeposit(token, method.fundsTransferMethodId, '400');
  });

  it('a card deposit the weekly limit refuses once the card is charged has its authorization voided, not left on the card', async () => {
    const token = await openedUser();
    const method = await addCard(token);
    // Two forms opened while each fitted; both charged.
    const first = await startDeposit(token, method.fundsTransferMethodId, '900');
    const second = await startDeposit(token, method.fundsTransferMethodId, '900');
    const charged = [await chargeForm(first.token), await chargeForm(second.token)];
    await ok(
      '/api/primetrust-creditcard-contribution-update',
      token,
      { contributionId: first.contribution.contributionId, authorizationId: charged[0]!.authorizationId },
      CardContributionReply,
    );
    const update = {
      contributionId: second.contribution.contributionId,
      authorizationId: charged[1]!.authorizationId,
    };
    const over = await fail('/api/primetrust-creditcard-contribution-update', token, update, 422);
    expect(over.code).toBe('trade_limit_exceeded');
    expect(over.errors?.fields).toEqual({
      amount: 'This is over your $1000 weekly limit for this method; $100.00 remains',
    });
    const { rows } = await k.t.db.query<{ status: string }>(
      'SELECT status FROM card_processor_sandbox_authorizations WHERE id = $1',
      [charged[1]!.authorizationId],
    );
    expect(rows[0]?.status).toBe('voided');
    // The refused deposit is over: a retry cannot record it, and only the first one counts.
    expect((await fail('/api/primetrust-creditcard-contribution-update', token, update, 409)).code).toBe(
      'card_contribution_closed',
    );
    const limits = await k.call('/api/ramp/limits', { token, body: { method: 'primex_card' } });
    expect((limits.body as { limits: { used: string }[] }).limits[0]).toMatchObject({ used: '900.00' });
  });
});
