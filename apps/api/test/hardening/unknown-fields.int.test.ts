import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_MESSAGES, formatRuleMessage, type ApiErrorBody } from '@rampart/contracts';
import { manualClock } from '../../src/lib/clock';
import { validIndividual } from '../kits/kyc-test-kit';
import { createTransferKit, type TransferKit } from '../kits/transfer-test-kit';
import {
  changedTables,
  expectErrorShape,
  openApiRoutes,
  rawCall,
  snapshotDatabase,
  type ApiRoute,
  type JsonSchema,
} from './hardening-kit';

/**
 * Every request body refuses a field it does not declare (docs/decisions/103-every-request-body-refuses-unknown-fields.md):
 * a client's typo ({"pasword": …}) or an attacker's extra field is a 400 with the catalogue's 'Unknown field: …',
 * never a call that runs and ignores it. The OpenAPI document says so for every object of every JSON body
 * (`additionalProperties: false`), which is what the sweep reads, so a new route with a loose body fails it.
 */

/**
 * The only objects of a request body that take keys of the client's choosing: free-form maps, each bounded by its own
 * schema. Route key → the object's place in the body (as `looseObjectsOf` names it) → why it is free-form.
 */
const FREE_FORM_MAPS: Record<string, Record<string, string>> = {
  'POST /api/analytics': {
    // A product event's properties: names of the SPA's choosing to short scalar values, at most a few
    // (packages/contracts/src/observability.ts, docs/decisions/036-observability.md).
    'body.properties': 'the event properties map',
  },
};

function isObjectSchema(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.includes('object') || schema.properties !== undefined;
}

/**
 * Every object of a body schema whose `additionalProperties` is not `false`, by its place in the body: `body` is the
 * root, `body.name` a property, `body.list[]` an array's items, `body(anyOf 1)` a union's second member, `body.map.*`
 * a map's values. A `$ref` left unresolved is reported too: the sweep must see every object.
 */
export function looseObjectsOf(schema: JsonSchema, at = 'body'): { at: string; additionalProperties: unknown }[] {
  const found: { at: string; additionalProperties: unknown }[] = [];
  const walk = (s: JsonSchema, place: string) => {
    if (s.$ref) {
      found.push({ at: place, additionalProperties: `unresolved ${s.$ref}` });
      return;
    }
    if (isObjectSchema(s) && s.additionalProperties !== false)
      found.push({ at: place, additionalProperties: s.additionalProperties ?? 'absent' });
    for (const [key, value] of Object.entries(s.properties ?? {})) walk(value, `${place}.${key}`);
    if (s.items) walk(s.items, `${place}[]`);
    const tuple = (s as { prefixItems?: JsonSchema[] }).prefixItems;
    tuple?.forEach((item, i) => walk(item, `${place}[${i}]`));
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      walk(s.additionalProperties, `${place}.*`);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
      s[key]?.forEach((member, i) => walk(member, `${place}(${key} ${i})`));
  };
  walk(schema, at);
  return found;
}

describe('every request body refuses unknown fields', () => {
  const clock = manualClock();
  let k: TransferKit;
  let routes: ApiRoute[];
  beforeAll(async () => {
    k = await createTransferKit({ clock, env: { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_AUTH_PER_MINUTE: '0' } });
    routes = await openApiRoutes(k.t.app);
  });
  afterAll(async () => {
    await k?.close();
  });

  it('the sweep finds a loose object wherever it is: root, nested, array items, union members, map values', () => {
    const strict = (properties: Record<string, JsonSchema> = {}): JsonSchema => ({
      type: 'object',
      properties,
      additionalProperties: false,
    });
    expect(looseObjectsOf(strict({ a: { type: 'string' } }))).toEqual([]);
    const loose: JsonSchema = {
      type: 'object',
      properties: {
        nested: { type: 'object', properties: { x: { type: 'string' } } },
        list: { type: 'array', items: { type: 'object', properties: {} } },
        either: { anyOf: [strict(), { type: 'object', properties: {}, additionalProperties: true }, { type: 'null' }] },
        map: { type: 'object', additionalProperties: strict({ deep: { type: 'object', properties: {} } }) },
      },
    };
    expect(looseObjectsOf(loose).map((o) => o.at)).toEqual([
      'body',
      'body.nested',
      'body.list[]',
      'body.either(anyOf 1)',
      'body.map',
      'body.map.*.deep',
    ]);
  });

  it('every object of every JSON request body of the OpenAPI document has additionalProperties: false, but the listed free-form maps', () => {
    const withJsonBody = routes.filter((r) => r.body && !r.multipart);
    // The document has its many bodies (a sweep that reads none would pass on anything).
    expect(withJsonBody.length).toBeGreaterThan(60);
    const loose: string[] = [];
    const exemptionsSeen = new Set<string>();
    for (const route of withJsonBody) {
      for (const object of looseObjectsOf(route.body!)) {
        if (FREE_FORM_MAPS[route.key]?.[object.at] !== undefined) {
          // A free-form map is a map (its values have a schema), never a forgotten plain object.
          expect(typeof object.additionalProperties, `${route.key} ${object.at}`).toBe('object');
          exemptionsSeen.add(`${route.key} ${object.at}`);
          continue;
        }
        loose.push(`${route.key} ${object.at} (additionalProperties: ${JSON.stringify(object.additionalProperties)})`);
      }
    }
    if (loose.length) console.log(`[hardening] loose request bodies:\n${loose.join('\n')}`);
    expect(loose).toEqual([]);
    // The list of exemptions is not stale: each still names a free-form map of a route of the document.
    const listed = Object.entries(FREE_FORM_MAPS).flatMap(([route, places]) =>
      Object.keys(places).map((at) => `${route} ${at}`),
    );
    expect([...exemptionsSeen].sort()).toEqual(listed.sort());
  });

  /** A call as a client sends it; the reply must be the refusal of `field`'s unknown key, and nothing changed. */
  async function expectUnknownFieldRefused(
    url: string,
    token: string | null,
    body: unknown,
    field: string,
    names: string,
  ): Promise<ApiErrorBody> {
    const before = await snapshotDatabase(k.t.db);
    const payload = JSON.stringify(body);
    const res = await rawCall(k.t.app, { method: 'POST', url, token, payload, contentType: 'application/json' });
    const context = `${url} ${payload}`;
    expect(res.status, `${context}: ${res.text.slice(0, 300)}`).toBe(400);
    const error = expectErrorShape(res.status, res.text, context, payload);
    expect(error.code, context).toBe('validation_failed');
    expect(error.errors?.fields[field], context).toBe(formatRuleMessage('unknownFields', { names }));
    expect(error.fieldKeys?.[field], context).toEqual({ key: 'rule.unknownFields', params: { names } });
    expect(changedTables(before, await snapshotDatabase(k.t.db)), `${context}: a refused call changed`).toEqual([]);
    return error;
  }

  async function expectAccepted(url: string, token: string | null, body: unknown) {
    const payload = JSON.stringify(body);
    const res = await rawCall(k.t.app, { method: 'POST', url, token, payload, contentType: 'application/json' });
    expect(res.status, `${url} ${payload}: ${res.text.slice(0, 300)}`).toBe(200);
  }

  it('user/attributes with a valid bearer: {"bogus":1} and a valid change with an extra field are 400, nothing changed', async () => {
    const { token } = await k.openedUser('0', 'unknown-fields');
    const error = await expectUnknownFieldRefused(
      '/api/identity/user/attributes',
      token,
      { bogus: 1 },
      'body',
      'bogus',
    );
    // The catalogue's words, in the list of messages a client shows too.
    expect(error.errors?.errors).toContain(RULE_MESSAGES.en.unknownFields.replace('{{names}}', 'bogus'));
    await expectUnknownFieldRefused(
      '/api/identity/user/attributes',
      token,
      { applicationName: 'Renamed', colour: 'red' },
      'body',
      'colour',
    );
    // The same change without the extra field is taken: the refusal was the unknown field's.
    await expectAccepted('/api/identity/user/attributes', token, { applicationName: 'Renamed' });
  });

  it('sign-in with a mistyped field ("pasword") is 400 naming it, and no code is mailed', async () => {
    const { email } = await k.openedUser('0', 'unknown-fields');
    const password = 'correct horse battery staple';
    await expectUnknownFieldRefused(
      '/api/identity/sign-in',
      null,
      { email, password, pasword: password },
      'body',
      'pasword',
    );
    await expectAccepted('/api/identity/sign-in', null, { email, password });
  });

  it('re-authentication refuses an extra field beside either answer (both members of its union)', async () => {
    const { token } = await k.openedUser('0', 'unknown-fields');
    for (const body of [
      { password: 'correct horse battery staple', bogus: 1 },
      { code: '123456', bogus: 1 },
    ])
      await expectUnknownFieldRefused('/api/identity/reauthenticate', token, body, 'body', 'bogus');
    await expectAccepted('/api/identity/reauthenticate', token, { password: 'correct horse battery staple' });
  });

  it('the sandbox fund with an extra field is 400 and credits nothing', async () => {
    const { token } = await k.openedUser('0', 'unknown-fields');
    const before = await k.holdings(token);
    await expectUnknownFieldRefused(
      '/api/primetrust/sandbox/account/fund',
      token,
      { amount: '100', bonus: '1000000' },
      'body',
      'bonus',
    );
    expect(await k.holdings(token)).toEqual(before);
    await expectUnknownFieldRefused(
      '/api/primetrust-sandbox-asset-deposit',
      token,
      { assetTicker: 'USDC', amount: '5', to: 'someone-else' },
      'body',
      'to',
    );
    expect(await k.holdings(token)).toEqual(before);
    await expectAccepted('/api/primetrust/sandbox/account/fund', token, { amount: '100' });
    expect(await k.holdings(token)).not.toEqual(before);
  });

  it('contact/set/individualinfo refuses an unknown field at the root and inside name, address, telephone, birth and tax', async () => {
    const token = await k.signedInUser(`unknown-fields-kyc-${Date.now()}@example.com`);
    const valid = validIndividual() as Record<string, Record<string, unknown>>;
    await expectUnknownFieldRefused(
      '/api/contact/set/individualinfo',
      token,
      { ...valid, nationality: 'US' },
      'body',
      'nationality',
    );
    for (const [part, extra] of [
      ['name', 'nickname'],
      ['address', 'street3'],
      ['telephone', 'kind'],
      ['birth', 'hour'],
      ['tax', 'issuer'],
    ] as const) {
      await expectUnknownFieldRefused(
        '/api/contact/set/individualinfo',
        token,
        { ...valid, [part]: { ...(valid[part] ?? {}), [extra]: 'x' } },
        part,
        extra,
      );
    }
    await expectAccepted('/api/contact/set/individualinfo', token, valid);
  });
});
