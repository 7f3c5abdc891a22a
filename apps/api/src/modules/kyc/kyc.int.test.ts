import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgreementPreviewReply,
  ApiErrorBody,
  renderServerMessage,
  type ServerMessage,
  ContactStatusReply,
  IndividualInfoReply,
  KYC_MESSAGES,
  SetIndividualInfoReply,
  UserCountryReply,
  VERIFICATION_MESSAGES,
} from '@rampart/contracts';
import { createKycKit, validIndividual, type KycKit } from '../../../test/kits/kyc-test-kit';

const M = KYC_MESSAGES.en;

describe('kyc: the individual record, the country and the agreement', () => {
  let k: KycKit;
  beforeAll(async () => {
    k = await createKycKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  it('documents every KYC and account route, with the record as the body', async () => {
    const doc = (await k.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { post?: { requestBody?: unknown } }>;
    };
    for (const path of [
      '/contact/get/individualinfo',
      '/contact/set/individualinfo',
      '/primetrust/account/get',
      '/primetrust-contact',
      '/user/country',
      '/primetrust-account-refresh',
      '/contact/get/agreementpreviews',
      '/agreement-submit-individual',
    ]) {
      expect(doc.paths[`/api${path}`]?.post, path).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/contact/set/individualinfo']?.post?.requestBody)).toContain('latinFirst');
  });

  it('refuses every KYC call without a signed-in user', async () => {
    for (const url of [
      '/api/contact/get/individualinfo',
      '/api/contact/set/individualinfo',
      '/api/primetrust/account/get',
      '/api/primetrust-contact',
      '/api/user/country',
      '/api/primetrust-account-refresh',
      '/api/contact/get/agreementpreviews',
      '/api/agreement-submit-individual',
    ]) {
      k.expectError(await k.call(url, { body: {} }), 401, 'unauthenticated');
      k.expectError(await k.call(url, { body: {}, token: 'not-a-token' }), 401, 'unauthenticated');
    }
  });

  it('saves the record, returns relatedId, reads it back and moves noInfo → incomplete', async () => {
    const token = await k.signedInUser('ada@example.com');
    expect((await k.accountStatus(token)).status).toBe('noInfo');
    expect(
      IndividualInfoReply.parse((await k.call('/api/contact/get/individualinfo', { token, body: {} })).body),
    ).toEqual({ relatedId: null, individual: null });

    // A server-owned field is not input: sent, it is refused by name, and nothing is saved
    // (docs/decisions/103-every-request-body-refuses-unknown-fields.md).
    const forged = k.expectError(
      await k.call('/api/contact/set/individualinfo', { token, body: { ...validIndividual(), relatedId: 'forged' } }),
      400,
      'validation_failed',
    );
    expect(forged.fieldKeys?.['body']).toEqual({ key: 'rule.unknownFields', params: { names: 'relatedId' } });
    expect((await k.accountStatus(token)).status).toBe('noInfo');

    const res = await k.call('/api/contact/set/individualinfo', {
      token,
      body: { ...validIndividual(), email: 'other@example.com' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = SetIndividualInfoReply.parse(res.body);
    expect(saved.relatedId).toMatch(/^ct_/);
    // Server-owned fields come from the server: the email is the account's, relatedId the custodian's.
    expect(saved.individual).toMatchObject({
      email: 'ada@example.com',
      relatedId: saved.relatedId,
      submitted: false,
      name: { first: 'Ada', last: 'Lovelace' },
    });
    // `related` (document 1, section 3): the custodian contact; no account before the agreement is signed.
    expect(saved.individual?.related).toEqual({ contactId: saved.relatedId, accountId: null });
    expect(saved.individual.tax).toEqual({
      identifier: '123-45-6789',
      country: 'US',
      region: 'IL',
      city: 'Springfield',
    });

    const read = IndividualInfoReply.parse((await k.call('/api/contact/get/individualinfo', { token, body: {} })).body);
    expect(read).toEqual({ relatedId: saved.relatedId, individual: saved.individual });
    expect(await k.accountStatus(token)).toEqual({
      status: 'incomplete',
      accountId: null,
      relatedId: saved.relatedId,
      statusReason: null,
    });

    // A second save updates the same record and keeps relatedId.
    const again = SetIndividualInfoReply.parse(
      (await k.call('/api/contact/set/individualinfo', { token, body: validIndividual({ first: 'Augusta' }) })).body,
    );
    expect(again.relatedId).toBe(saved.relatedId);
    expect(again.individual.name.first).toBe('Augusta');

    const contact = ContactStatusReply.parse((await k.call('/api/primetrust-contact', { token, body: {} })).body);
    expect(contact).toMatchObject({
      status: 'incomplete',
      pending: ['identity', 'documents', 'address', 'sanctions'],
      passed: [],
      failed: [],
    });
    expect(contact.history.map((h) => [h.from, h.to, h.reason])).toEqual([
      ['noInfo', 'incomplete', 'Personal details saved'],
    ]);
  });

  it('refuses bad input with new_validation_error and a message per field', async () => {
    const token = await k.signedInUser('bad-input@example.com');
    const cases: Array<[string, (r: ReturnType<typeof validIndividual>) => void, string, string]> = [
      ['missing last name', (r) => delete r.name!.last, 'name.last', 'A value is required'],
      ['missing Tax ID', (r) => delete r.tax, 'tax.identifier', 'A value is required'],
      ['missing street', (r) => delete r.address!.street1, 'address.street1', 'A value is required'],
      ['missing birth date', (r) => delete r.birth, 'birth', M.invalidDate],
      [
        'restricted country',
        (r) => (r.address = { street1: '1 Road', city: 'Moscow', postalCode: '101000', country: 'RU' }),
        'address.country',
        M.countryNotSupported,
      ],
      ['restricted state', (r) => (r.address!.region = 'NY'), 'address.region', M.regionNotSupported],
      ['missing region for the US', (r) => delete r.address!.region, 'address.region', 'A value is required'],
      [
        'underage birth date',
        (r) => (r.birth = { year: new Date().getUTCFullYear() - 17, month: 1, day: 1 }),
        'birth',
        M.olderThan18,
      ],
      [
        'future birth date',
        (r) => (r.birth = { year: new Date().getUTCFullYear() + 1, month: 1, day: 1 }),
        'birth',
        M.dateInPast,
      ],
      ['short phone', (r) => (r.telephone!.number = '12345'), 'telephone.number', M.invalidPhone],
      [
        'bad postal code',
        (r) => (r.address!.postalCode = 'ABCDE'),
        'address.postalCode',
        'Value is not a valid postal',
      ],
      [
        'non-ASCII name without its romanized form',
        (r) => (r.name!.first = 'Zoë'),
        'name.latinFirst',
        'A value is required',
      ],
      [
        'a number for a name',
        (r) => ((r.name as Record<string, unknown>)['first'] = 42),
        'name.first',
        'Only String type accepted',
      ],
    ];
    for (const [label, patch, field, message] of cases) {
      const record = validIndividual();
      patch(record);
      const body = k.expectError(
        await k.call('/api/contact/set/individualinfo', { token, body: record }),
        400,
        'validation_failed',
      );
      expect(body.type, label).toBe('new_validation_error');
      expect(body.errors?.fields[field], label).toBe(message);
      expect(body.errors?.errors, label).toContain(message);
    }
    // Nothing was saved by the refused calls.
    expect((await k.accountStatus(token)).status).toBe('noInfo');
    // Several problems come back together.
    const many = k.expectError(
      await k.call('/api/contact/set/individualinfo', { token, body: {} }),
      400,
      'validation_failed',
    );
    expect(Object.keys(many.errors?.fields ?? {}).sort()).toEqual(
      [
        'address.city',
        'address.country',
        'address.postalCode',
        'address.street1',
        'birth',
        'name.first',
        'name.last',
        'tax.identifier',
      ].sort(),
    );
    k.expectError(
      await k.call('/api/contact/set/individualinfo', {
        token,
        body: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid_json',
    );
  });

  it('carries the key and parameters of each field message beside its English text (decision 075)', async () => {
    const token = await k.signedInUser('keyed-messages@example.com');
    const record = validIndividual();
    delete record.name!.last;
    record.name!.first = 'x'.repeat(300);
    record.address!.region = 'NY';
    record.tax!.identifier = '1'.repeat(31);
    record.birth = { year: new Date().getUTCFullYear() - 17, month: 1, day: 1 };
    const body = ApiErrorBody.parse(
      k.expectError(await k.call('/api/contact/set/individualinfo', { token, body: record }), 400, 'validation_failed'),
    );
    expect(body.fieldKeys).toMatchObject({
      'name.last': { key: 'rule.required' },
      'address.region': { key: 'kyc.regionNotSupported' },
      birth: { key: 'kyc.olderThan18' },
    });
    // Every keyed English text is its key's template with the parameters, word for word.
    for (const [field, key] of Object.entries(body.fieldKeys ?? {}))
      expect(body.errors?.fields[field], field).toBe(renderServerMessage(key as ServerMessage));
    expect(body.fieldKeys?.['tax.identifier']).toEqual({ key: 'rule.maxLength', params: { n: 30 } });
    // zod's own type check is worded, and keyed, by the rule catalogue.
    const typed = validIndividual();
    (typed.tax as Record<string, unknown>)['identifier'] = 42;
    const wrongType = ApiErrorBody.parse(
      k.expectError(await k.call('/api/contact/set/individualinfo', { token, body: typed }), 400, 'validation_failed'),
    );
    expect(wrongType.fieldKeys).toEqual({ 'tax.identifier': { key: 'rule.string' } });
    // A control character anywhere is refused before the schema, keyed all the same.
    const control = ApiErrorBody.parse(
      k.expectError(
        await k.call('/api/contact/set/individualinfo', {
          token,
          body: { ...validIndividual(), name: { first: 'A\u0000', last: 'B' } },
        }),
        400,
        'validation_failed',
      ),
    );
    expect(Object.values(control.fieldKeys ?? {})).toEqual([{ key: 'rule.characters' }]);
  });

  it('checks every field against its catalogue or rule and stores normalised values (decision 051)', async () => {
    const token = await k.signedInUser('catalogues@example.com');
    const save = (patch: (r: ReturnType<typeof validIndividual>) => void) => {
      const record = validIndividual();
      patch(record);
      return k.call('/api/contact/set/individualinfo', { token, body: record });
    };
    const refused: Array<[string, (r: ReturnType<typeof validIndividual>) => void, string]> = [
      [
        'markup as the country name',
        (r) => (r.address!.countryName = 'Oracle-Land <b>probe</b>'),
        'address.countryName',
      ],
      [
        '100,000 characters as the country name',
        (r) => (r.address!.countryName = 'A'.repeat(100_000)),
        'address.countryName',
      ],
      [
        'another calling code than the phone country has',
        (r) => (r.telephone!.countryCode = '44'),
        'telephone.countryCode',
      ],
      ['markup as the calling code', (r) => (r.telephone!.countryCode = '<b>1</b>'), 'telephone.countryCode'],
      ['a tax country that does not exist', (r) => (r.tax!.country = 'ZZ'), 'tax.country'],
      ['a restricted tax country', (r) => (r.tax!.country = 'RU'), 'tax.country'],
      ['a tax region not in the list', (r) => (r.tax!.region = '<b>IL</b>'), 'tax.region'],
      ['markup as the tax city', (r) => (r.tax!.city = '<script>x</script>'), 'tax.city'],
      ['markup as the sex', (r) => (r.sex = '<b>f</b>'), 'sex'],
      ['a bidi override in the sex', (r) => (r.sex = '\u202efemale'), 'sex'],
      ['a private-use character as the sex', (r) => (r.sex = '\ue000'), 'sex'],
      ['a phone number on a restricted country', (r) => (r.telephone!.number = '+7 912 345 67 89'), 'telephone.number'],
    ];
    for (const [label, patch, field] of refused) {
      const body = k.expectError(await save(patch), 400, 'validation_failed');
      expect(body.errors?.fields[field], label).toBeDefined();
    }
    expect((await k.accountStatus(token)).status, 'nothing saved by the refusals').toBe('noInfo');

    // Accepted values are stored as the catalogue has them: the country's name, the phone in E.164 with its calling
    // code, upper-case codes, the postal code in capitals with single spaces.
    const res = await save((r) => {
      r.address = {
        street1: '1 Grand Canal Square',
        city: 'Dublin',
        postalCode: '  d02   x285 ',
        country: 'ie',
        countryName: 'Oracle-Land',
      };
      r.telephone = { country: 'ie', number: '(01) 234 5678' };
      r.tax = { identifier: 'IE1234567T', country: 'ie', city: 'Dublin' };
      r.sex = ' Female ';
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = SetIndividualInfoReply.parse(res.body).individual;
    expect(saved.address).toMatchObject({ country: 'IE', countryName: 'Ireland', postalCode: 'D02 X285' });
    expect(saved.telephone).toEqual({ country: 'IE', countryCode: '353', number: '+35312345678' });
    expect(saved.tax).toMatchObject({ country: 'IE', city: 'Dublin' });
    expect(saved.sex).toBe('female');
    const preview = AgreementPreviewReply.parse(
      (await k.call('/api/contact/get/agreementpreviews', { token, body: {} })).body,
    );
    expect(preview.data.content).toContain('1 Grand Canal Square, Dublin, D02 X285, Ireland, reachable at');
    expect(preview.data.content).not.toContain('Oracle-Land');

    // Digits of another script and a number written like an amount are read by the phone library and stored in E.164.
    const arabic = SetIndividualInfoReply.parse(
      (await save((r) => (r.telephone = { country: 'DE', number: '٠١٢٣٤٥٦٧٨٩' }))).body,
    ).individual;
    expect(arabic.telephone).toEqual({ country: 'DE', countryCode: '49', number: '+49123456789' });
  });

  it('answers the country from the record, else from Accept-Language (R23)', async () => {
    const token = await k.signedInUser('country@example.com');
    const guess = (header?: string) =>
      k.call('/api/user/country', { token, body: {}, ...(header ? { headers: { 'accept-language': header } } : {}) });
    expect(UserCountryReply.parse((await guess('es-MX,es;q=0.9,en;q=0.5')).body)).toEqual({
      country: 'MX',
      source: 'language',
    });
    expect(UserCountryReply.parse((await guess('fr;q=0.9, en-GB;q=0.8')).body)).toEqual({
      country: 'GB',
      source: 'language',
    });
    // A restricted country cannot be chosen, so it is not offered; a bare language names no country.
    expect(UserCountryReply.parse((await guess('ru-RU, es')).body)).toEqual({ country: null, source: 'none' });
    expect(UserCountryReply.parse((await guess()).body)).toEqual({ country: null, source: 'none' });
    const canadian = validIndividual();
    canadian.address = {
      street1: '1 Rue Sainte-Catherine',
      city: 'Montréal',
      postalCode: 'H2X 1Y4',
      country: 'CA',
      region: 'QC',
    };
    expect((await k.call('/api/contact/set/individualinfo', { token, body: canadian })).status).toBe(200);
    expect(UserCountryReply.parse((await guess('es-MX')).body)).toEqual({ country: 'CA', source: 'kyc' });
  });

  it('previews the agreement filled in with the details, checks the signature and moves to pending', async () => {
    const token = await k.signedInUser('grace@example.com');
    k.expectError(await k.call('/api/contact/get/agreementpreviews', { token, body: {} }), 400, 'kyc_details_missing');
    k.expectError(
      await k.call('/api/agreement-submit-individual', { token, body: { signature: 'Grace Hopper' } }),
      400,
      'kyc_details_missing',
    );
    await k.call('/api/contact/set/individualinfo', {
      token,
      body: validIndividual({ first: 'Grace', last: 'Hopper' }),
    });

    const preview = AgreementPreviewReply.parse(
      (await k.call('/api/contact/get/agreementpreviews', { token, body: {} })).body,
    );
    expect(preview.data.title).toBe('Custodial Account Agreement');
    expect(preview.data.signature).toBe('Grace Hopper');
    expect(preview.data.content).toContain('Grace Hopper (the "Account Holder")');
    // The country's name is the catalogue's, whatever the request said (decision 051).
    expect(preview.data.content).toContain('1 Main St, Springfield, Illinois, 62701, United States of America');
    expect(preview.data.content).toContain('grace@example.com');

    const wrong = k.expectError(
      await k.call('/api/agreement-submit-individual', { token, body: { signature: 'Grace Kelly' } }),
      400,
      'validation_failed',
    );
    expect(wrong.errors?.fields['signature']).toBe(M.signatureMismatch);
    k.expectError(await k.call('/api/agreement-submit-individual', { token, body: {} }), 400, 'validation_failed');
    expect((await k.accountStatus(token)).status).toBe('incomplete');

    // The agreement waits for an identity capture (decision 010).
    const early = k.expectError(
      await k.call('/api/agreement-submit-individual', { token, body: { signature: 'Grace Hopper' } }),
      409,
      'verification_incomplete',
    );
    expect(early.message).toBe(VERIFICATION_MESSAGES.en.verificationIncomplete);
    expect((await k.accountStatus(token)).status).toBe('incomplete');
    const captured = await k.captureIdentity(token);

    const ok = await k.call('/api/agreement-submit-individual', { token, body: { signature: '  grace   HOPPER ' } });
    expect(ok).toEqual({ status: 200, body: { status: 'pending' } });
    const account = await k.accountStatus(token);
    expect(account.status).toBe('pending');
    expect(account.accountId).toMatch(/^acct_/);
    const info = IndividualInfoReply.parse((await k.call('/api/contact/get/individualinfo', { token, body: {} })).body);
    expect(info.individual?.submitted).toBe(true);
    // The capture's session and device, as document 1, section 3 names them.
    expect(info.individual).toMatchObject({ socureDocumentId: captured.sessionId, socureDeviceId: 'test:kit' });
    // `related`: the contact, and now the account the signature opened (decision 064).
    expect(info.individual?.related).toEqual({ contactId: info.relatedId, accountId: account.accountId });

    // Once signed, neither the signature nor the record can be sent again.
    k.expectError(
      await k.call('/api/agreement-submit-individual', { token, body: { signature: 'Grace Hopper' } }),
      409,
      'kyc_already_submitted',
    );
    k.expectError(
      await k.call('/api/contact/set/individualinfo', { token, body: validIndividual() }),
      409,
      'kyc_already_submitted',
    );
  });

  it("never shows one user's record, account or country to another", async () => {
    const owner = await k.signedInUser('owner@example.com');
    const other = await k.signedInUser('other@example.com');
    const saved = SetIndividualInfoReply.parse(
      (await k.call('/api/contact/set/individualinfo', { token: owner, body: validIndividual({ first: 'Owner' }) }))
        .body,
    );
    expect(
      IndividualInfoReply.parse((await k.call('/api/contact/get/individualinfo', { token: other, body: {} })).body),
    ).toEqual({ relatedId: null, individual: null });
    expect(await k.accountStatus(other)).toEqual({
      status: 'noInfo',
      accountId: null,
      relatedId: null,
      statusReason: null,
    });
    expect(
      ContactStatusReply.parse((await k.call('/api/primetrust-contact', { token: other, body: {} })).body).history,
    ).toEqual([]);
    k.expectError(
      await k.call('/api/contact/get/agreementpreviews', { token: other, body: {} }),
      400,
      'kyc_details_missing',
    );
    expect(UserCountryReply.parse((await k.call('/api/user/country', { token: other, body: {} })).body).source).toBe(
      'none',
    );
    // The other user's own save gets its own contact, and the owner's record is unchanged.
    const theirs = SetIndividualInfoReply.parse(
      (await k.call('/api/contact/set/individualinfo', { token: other, body: validIndividual({ first: 'Other' }) }))
        .body,
    );
    expect(theirs.relatedId).not.toBe(saved.relatedId);
    const mine = IndividualInfoReply.parse(
      (await k.call('/api/contact/get/individualinfo', { token: owner, body: {} })).body,
    );
    expect(mine.individual?.name.first).toBe('Owner');
  });
});
