import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { RULE_MESSAGES } from '@rampart/contracts';
import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';
import en from '../locales/en.json';

/** Locales of document 2, section 9 (en default); Spanish is complete (R18). */
export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Where the language detector keeps the user's choice. */
export const LANGUAGE_STORAGE_KEY = 'rampart.language';

/**
 * Namespaces: `translation` (the shell's texts, src/locales/en.json and es.json), `rules`, the validation messages
 * of @rampart/contracts keyed by rule code (R12), so a form shows a rule failure with t(`rules:${code}`, params),
 * and one namespace per feature whose texts only its own pages need (src/locales/<namespace>/<language>.json,
 * loaded on demand in both languages). English shell texts, the default and the fallback, are bundled; everything
 * else arrives in its own chunk, so the /auth entry carries one language and no feature's texts (decision 011;
 * the /auth budget of decision 026). changeLanguage('es') resolves once the loaded namespaces are in.
 */
export const resources = {
  en: { translation: en, rules: RULE_MESSAGES.en },
} as const;

/** The feature namespaces: a page loads its own with useTranslation(FEATURE_NAMESPACE) inside a Suspense boundary. */
export const FEATURE_NAMESPACES = [
  'kyc',
  'kycForm',
  'idv',
  'sandbox',
  'methods',
  'money',
  'trade',
  'settings',
] as const;
export type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];

const featureTexts = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

function isFeatureNamespace(value: string): value is FeatureNamespace {
  return (FEATURE_NAMESPACES as readonly string[]).includes(value);
}

const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    if (isFeatureNamespace(namespace)) {
      const load = featureTexts[`../locales/${namespace}/${isLanguage(language) ? language : DEFAULT_LANGUAGE}.json`];
      if (!load) {
        callback(new Error(`No texts for ${namespace} in ${language}`), false);
        return;
      }
      load().then(
        (module) => callback(null, module.default),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
      return;
    }
    if (language !== 'es') {
      callback(null, {});
      return;
    }
    if (namespace === 'rules') {
      callback(null, RULE_MESSAGES.es);
      return;
    }
    import('../locales/es.json').then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * The language to start in, in order: `?lng=es` (a shared link, the screenshot check), the choice kept from an
 * earlier visit, the browser's languages; i18next takes the first supported one and calls cacheUserLanguage on
 * every change, so a choice is kept. Written here rather than with i18next-browser-languagedetector, whose seven
 * other lookups the product does not use and whose 2 KB the /auth entry cannot carry (decision 026).
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const candidates: string[] = [];
    if (typeof location !== 'undefined') {
      const fromQuery = new URLSearchParams(location.search).get('lng');
      if (fromQuery) candidates.push(fromQuery);
    }
    const kept = readKeptLanguage();
    if (kept) candidates.push(kept);
    if (typeof navigator !== 'undefined') candidates.push(...(navigator.languages ?? [navigator.language]));
    return candidates.filter((language) => language !== '');
  },
  cacheUserLanguage(language: string) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage refused (a private window's quota): the choice lasts for this page only.
    }
  },
};

function readKeptLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The current language, reduced to a supported one (i18next may report 'es-MX' from the browser). The chosen
 * `language` comes first: while Spanish is still loading, i18next resolves to the English fallback, and the
 * switch and <html lang> must still say Spanish, which is what the page shows once the bundle arrives.
 */
export function currentLanguage(instance: { resolvedLanguage?: string; language?: string } = i18n): Language {
  const chosen = instance.language?.split('-')[0];
  if (isLanguage(chosen)) return chosen;
  const lng = instance.resolvedLanguage ?? DEFAULT_LANGUAGE;
  const base = lng.split('-')[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = isLanguage(lng) ? lng : currentLanguage();
}

i18n.on('languageChanged', syncDocumentLanguage);

/**
 * A sentence that ends with a value bringing its own full stop ("antes del 28 nov 2026, 1:39 p.m.") ends with that one,
 * as Spanish writes an abbreviation that closes a sentence; an ellipsis ("…" or "...") is left as it is.
 */
const oneFullStop = {
  type: 'postProcessor' as const,
  name: 'oneFullStop',
  process: (value: string) => value.replace(/(?<!\.)\.\.$/, '.'),
};

void i18n
  .use(lazyLanguages)
  .use(languageDetector)
  .use(initReactI18next)
  .use(oneFullStop)
  .init({
    resources,
    partialBundledLanguages: true,
    ns: ['translation', 'rules'],
    defaultNS: 'translation',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    // No promotional line in users' consoles.
    showSupportNotice: false,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
    postProcess: ['oneFullStop'],
    react: { useSuspense: false },
  });

/**
 * A name put inside a sentence, "Comisión de {{method, midSentence}}": its first word loses its capital unless it is an
 * acronym ("Saldo en USD" becomes "saldo en USD", "ACH" stays), as Spanish writes labels in sentence case (decision 055).
 */
export function midSentence(value: string): string {
  return /^\p{Lu}\p{Ll}/u.test(value) ? value.charAt(0).toLocaleLowerCase() + value.slice(1) : value;
}
i18n.services.formatter?.add('midSentence', (value: unknown) => midSentence(String(value)));

syncDocumentLanguage(currentLanguage());

export default i18n;
