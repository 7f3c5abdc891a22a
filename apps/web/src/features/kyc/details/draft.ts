import {
  calendarDateOf,
  hasRegionList,
  KYC_MESSAGES,
  kycIndividualIssues,
  type CalendarDate,
  type KycProblem,
  type IndividualInfoReply,
  type KycIndividualInput,
} from '@rampart/contracts';
import type { ApiError } from '../../../lib/api';
import { createStore, useStoreState } from '../../../lib/store';
import { countryName } from './countries';

/** What the two screens edit. Strings as typed; the validator and the server trim. */
export interface KycDetailsValues {
  first: string;
  last: string;
  latinFirst: string;
  latinLast: string;
  birth: CalendarDate | null;
  taxId: string;
  street1: string;
  street2: string;
  city: string;
  postalCode: string;
  country: string | null;
  region: string | null;
}

export interface KycDetailsDraft {
  values: KycDetailsValues;
  /**
   * The /contact/get/individualinfo reply the draft was seeded from. The query cache is cleared when the user
   * changes, so a new reply object means a new user (or a new record): the draft is seeded again.
   */
  seededFrom: unknown;
  /** The saved record's other parts (phone, middle name...), sent back as they were so a save keeps them. */
  base: KycIndividualInput;
  /** R23's country guess is applied once, and never over a country the user chose. */
  countryGuessed: boolean;
  /** Field path → message of the server's last validation reply (its English and key), until that field changes. */
  serverErrors: Record<string, KycProblem | { readonly text: string; readonly key?: undefined }>;
}

export const EMPTY_VALUES: KycDetailsValues = {
  first: '',
  last: '',
  latinFirst: '',
  latinLast: '',
  birth: null,
  taxId: '',
  street1: '',
  street2: '',
  city: '',
  postalCode: '',
  country: null,
  region: null,
};

const INITIAL: KycDetailsDraft = {
  values: EMPTY_VALUES,
  seededFrom: undefined,
  base: {},
  countryGuessed: false,
  serverErrors: {},
};

/** One draft for the two screens, so Back and Continue keep what was typed. */
export const kycDetailsDraft = createStore<KycDetailsDraft>(INITIAL);

export function useKycDetailsDraft(): KycDetailsDraft {
  return useStoreState(kycDetailsDraft);
}

/** Forgets everything typed (sign-out; tests). */
export function resetKycDetailsDraft(): void {
  kycDetailsDraft.setState(INITIAL);
}

/** The fields each path of the validator belongs to; a change clears that field's server message. */
export const FIELD_OF: Record<keyof KycDetailsValues, string> = {
  first: 'name.first',
  last: 'name.last',
  latinFirst: 'name.latinFirst',
  latinLast: 'name.latinLast',
  birth: 'birth',
  taxId: 'tax.identifier',
  street1: 'address.street1',
  street2: 'address.street2',
  city: 'address.city',
  postalCode: 'address.postalCode',
  country: 'address.country',
  region: 'address.region',
};

export function updateDraft(patch: Partial<KycDetailsValues>): void {
  kycDetailsDraft.setState((state) => {
    const serverErrors = { ...state.serverErrors };
    for (const key of Object.keys(patch) as (keyof KycDetailsValues)[]) delete serverErrors[FIELD_OF[key]];
    return { values: { ...state.values, ...patch }, serverErrors };
  });
}

/**
 * The individual record's fuller profile (flag "KYC individual", docs/feature-flags.md): middle name and sex live in
 * the saved record's other parts, so the save sends them as typed.
 */
export function updateIndividualProfile(patch: { middle?: string; sex?: string }): void {
  kycDetailsDraft.setState((state) => {
    const serverErrors = { ...state.serverErrors };
    const base: KycIndividualInput = { ...state.base };
    if (patch.middle !== undefined) {
      base.name = { ...base.name, middle: patch.middle.trim() === '' ? undefined : patch.middle };
      delete serverErrors['name.middle'];
    }
    if (patch.sex !== undefined) {
      base.sex = patch.sex;
      delete serverErrors.sex;
    }
    return { base, serverErrors };
  });
}

function valuesFromRecord(reply: IndividualInfoReply): { values: KycDetailsValues; base: KycIndividualInput } {
  const record = reply.individual;
  if (!record) return { values: EMPTY_VALUES, base: {} };
  const { birth, name, address, tax } = record;
  const base: KycIndividualInput = {
    name: { middle: name.middle, preferred: name.preferred, matronymic: name.matronymic, maiden: name.maiden },
    ...(record.telephone ? { telephone: record.telephone } : {}),
    ...(record.sex ? { sex: record.sex } : {}),
  };
  return {
    base,
    values: {
      first: name.first,
      last: name.last,
      latinFirst: name.latinFirst ?? '',
      latinLast: name.latinLast ?? '',
      birth: birth.year > 0 ? { year: birth.year, month: birth.month, day: birth.day } : null,
      taxId: tax.identifier,
      street1: address.street1,
      street2: address.street2 ?? '',
      city: address.city,
      postalCode: address.postalCode,
      country: address.country || null,
      region: address.region ?? null,
    },
  };
}

/** Seeds the draft from a reply it has not seen yet (first visit, or another user): the record, or nothing. */
export function seedDraft(reply: IndividualInfoReply | Error): void {
  const state = kycDetailsDraft.getState();
  if (state.seededFrom === reply) return;
  if (reply instanceof Error) {
    // The record could not be read: keep whatever was typed; the user can still fill the form.
    kycDetailsDraft.setState({ seededFrom: reply });
    return;
  }
  const { values, base } = valuesFromRecord(reply);
  kycDetailsDraft.setState({
    values,
    base,
    seededFrom: reply,
    countryGuessed: reply.individual !== null,
    serverErrors: {},
  });
}

/** R23: preselects the guessed country when none is chosen yet. */
export function applyCountryGuess(country: string | null): void {
  kycDetailsDraft.setState((state) => {
    if (state.countryGuessed) return {};
    const usable = country !== null && state.values.country === null;
    return { countryGuessed: true, values: usable ? { ...state.values, country } : state.values };
  });
}

// R8: the validator's own test for a name that needs its romanized form.
const ASCII = /^[\x20-\x7E]*$/;

/** A first or last name with characters outside ASCII asks for its romanized form (R8). */
export function needsLatin(name: string): boolean {
  const trimmed = name.trim();
  return trimmed !== '' && !ASCII.test(trimmed);
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The body of /contact/set/individualinfo, and what the validator checks. */
export function kycInputOf(draft: Pick<KycDetailsDraft, 'values' | 'base'>): KycIndividualInput {
  const { values, base } = draft;
  const country = values.country ?? undefined;
  return {
    ...base,
    name: {
      ...base.name,
      first: values.first.trim(),
      last: values.last.trim(),
      // The romanized names are asked only while a name needs them; otherwise they are not sent.
      latinFirst: needsLatin(values.first) ? values.latinFirst.trim() : undefined,
      latinLast: needsLatin(values.last) ? values.latinLast.trim() : undefined,
    },
    birth: values.birth ?? undefined,
    tax: { identifier: values.taxId.trim(), country },
    address: {
      street1: values.street1.trim(),
      street2: optional(values.street2),
      city: values.city.trim(),
      postalCode: values.postalCode.trim(),
      country,
      // The custodian reads the country's name in English, whatever language the form was filled in.
      countryName: country ? countryName(country, 'en') : undefined,
      region: country && hasRegionList(country) ? (values.region ?? undefined) : undefined,
    },
  };
}

/**
 * Every problem of the draft, field path → its message (the API's English and key), today counted in UTC as the API
 * does (R7).
 */
export function draftProblems(
  draft: Pick<KycDetailsDraft, 'values' | 'base'>,
  now: Date = new Date(),
): Record<string, KycProblem> {
  return kycIndividualIssues(kycInputOf(draft), calendarDateOf(now));
}

export const DETAILS_FIELDS = [
  'name.first',
  'name.last',
  'name.latinFirst',
  'name.latinLast',
  'birth',
  'tax.identifier',
] as const;
export const LOCATION_FIELDS = [
  'address.street1',
  'address.street2',
  'address.city',
  'address.postalCode',
  'address.country',
  'address.region',
] as const;

export const DETAILS_MISSING: KycProblem = { key: 'kyc.detailsMissing', text: KYC_MESSAGES.en.detailsMissing };

/** A refused save's field messages, each with the key the reply gave it (decision 075). */
export function serverFieldMessages(error: ApiError): KycDetailsDraft['serverErrors'] {
  return Object.fromEntries(
    Object.entries(error.fields).map(([field, text]) => {
      const key = error.fieldKeys[field];
      return [
        field,
        key === undefined
          ? { text }
          : { text, key: key.key as KycProblem['key'], ...(key.params ? { params: key.params } : {}) },
      ];
    }),
  );
}
