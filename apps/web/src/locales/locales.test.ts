import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGE_TEMPLATES } from '@rampart/contracts';
import i18n, { FEATURE_NAMESPACES } from '../lib/i18n';
import { translationOf } from '../lib/server-text';
import en from './en.json';
import es from './es.json';

/** Every namespace's English and Spanish texts: the shell's, then each feature's (src/locales/<ns>/<lng>.json). */
const featureFiles = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
/**
 * The server's messages need no English copy in the bundle: the reply's English is the text (decision 081). Their
 * English here is the contracts' template, so the Spanish is held to it like every other text.
 */
function withServerEnglish(texts: Record<string, unknown>): Record<string, unknown> {
  const merged = structuredClone(texts);
  for (const [key, template] of Object.entries(SERVER_MESSAGE_TEMPLATES)) {
    // The contracts' bilingual catalogues (rules, KYC) are namespaces of their own (decision 083).
    if (translationOf(key) !== key) continue;
    const parts = key.split('.');
    let node = merged;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1) as string] ??= template;
  }
  return merged;
}

const NAMESPACES: Record<string, { en: unknown; es: unknown }> = {
  translation: { en: withServerEnglish(en), es },
  ...Object.fromEntries(
    FEATURE_NAMESPACES.map((ns) => [ns, { en: featureFiles[`./${ns}/en.json`], es: featureFiles[`./${ns}/es.json`] }]),
  ),
};

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  if (typeof value !== 'object' || value === null) throw new Error(`Bad value at ${prefix}`);
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, child]) => Object.entries(flatten(child, prefix ? `${prefix}.${key}` : key))),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

/** Keys whose Spanish text is rightly the same as the English one. */
const SAME_IN_BOTH = new Set([
  'app.name',
  'app.version',
  'app.versionWithStage',
  'language.en',
  'language.es',
  'money:methods.primex_ach.name',
  'money:withdraw.iban',
  'trade:methods.bankMethod',
  'trade:estimate.rate',
  'trade:buy.memoLabel',
  'money:assetWithdraw.memo',
]);

describe('locales (R18)', () => {
  const prefixed = (language: 'en' | 'es') =>
    Object.fromEntries(
      Object.entries(NAMESPACES).flatMap(([ns, texts]) => {
        if (texts[language] === undefined) throw new Error(`${ns} has no ${language} file`);
        return Object.entries(flatten(texts[language])).map(([key, text]) => [
          ns === 'translation' ? key : `${ns}:${key}`,
          text,
        ]);
      }),
    );
  const enFlat = prefixed('en');
  const esFlat = prefixed('es');

  it('has a file for every language of every feature namespace', () => {
    for (const ns of FEATURE_NAMESPACES) {
      expect(featureFiles[`./${ns}/en.json`], ns).toBeDefined();
      expect(featureFiles[`./${ns}/es.json`], ns).toBeDefined();
    }
  });

  it('have the same keys', () => {
    expect(Object.keys(esFlat).sort()).toEqual(Object.keys(enFlat).sort());
  });

  it('have no empty values', () => {
    for (const [key, text] of [...Object.entries(enFlat), ...Object.entries(esFlat)]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('use the same interpolation placeholders', () => {
    for (const [key, text] of Object.entries(enFlat)) {
      expect(placeholders(esFlat[key] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('translate Spanish rather than copy the English', () => {
    const copied = Object.keys(enFlat).filter((key) => enFlat[key] === esFlat[key] && !SAME_IN_BOTH.has(key));
    expect(copied).toEqual([]);
  });

  it('keep the texts of the specification word for word in English', () => {
    expect(enFlat['notFound.title']).toBe('Oops');
    expect(enFlat['notFound.message']).toBe('We cannot find the page you are looking for!');
    expect(enFlat['app.tagline']).toBe('Connecting Real Assets to the Digital Economy');
    expect(enFlat['adBlocker.full']).toBe(
      'Ad Blocker Detected - Please disable your ad blocker and refresh the page to proceed with the onboarding process.',
    );
    expect(enFlat['datePicker.invalid']).toBe('Not a valid date');
    expect(enFlat['datePicker.before']).toBe('Date should be before: {{date}}');
    expect(enFlat['datePicker.after']).toBe('Date should be after: {{date}}');
  });
  // Decision 055: one word per idea, agreement in gender, sentence case inside sentences.
  it('say "importe" for an amount in Spanish, never "monto"', () => {
    expect(Object.entries(esFlat).filter(([, text]) => /\bmontos?\b/i.test(text))).toEqual([]);
    expect(esFlat['money:history.amount']).toBe('Importe');
  });

  it('make a transfer\'s status agree with "el depósito" and "el retiro" in Spanish (chip and dated line)', () => {
    for (const status of ['settled', 'cancelled', 'reversed'] as const) {
      const chip = esFlat[`money:status.${status}`] ?? '';
      expect(chip, status).toMatch(/o$/);
      expect(esFlat[`money:history.${status}On`]?.split(' ')[0], status).toBe(chip);
    }
  });

  it('write a method named inside a Spanish sentence in sentence case', async () => {
    await i18n.loadNamespaces(['trade', 'money']);
    await i18n.loadLanguages('es');
    const es = i18n.getFixedT('es');
    const usd = es('trade:methods.primex_usd');
    expect(usd).toBe('Saldo en USD');
    expect(es('trade:estimate.fee_method', { method: usd })).toBe('Comisión de saldo en USD');
    expect(es('money:breakdown.fee', { method: usd })).toBe('Comisión de saldo en USD');
    expect(es('trade:estimate.fee_method', { method: 'ACH' })).toBe('Comisión de ACH');
    // Every Spanish text that puts a name after "de" lowers its capital the same way.
    expect(Object.entries(esFlat).filter(([, text]) => /\bde \{\{\s*method\s*\}\}/.test(text))).toEqual([]);
  });
});
