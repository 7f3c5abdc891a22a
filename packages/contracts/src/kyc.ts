import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type PhoneNumber,
} from 'libphonenumber-js';
import { z } from 'zod';
import { ACCOUNT_STATUSES } from './kyc-levels';
import { isRestrictedCountry, isRestrictedRegion } from './catalogue/jurisdictions';
import { hasRegionList, regionCodesOf } from './catalogue/regions';
import {
  KYC_CHECK_NAMES,
  KYC_CHECK_STATUSES,
  KYC_MESSAGES,
  type KycMessageKey,
  KYC_MIN_AGE_YEARS,
  KYC_PHONE_MIN_LENGTH,
  USER_COUNTRY_SOURCES,
} from './kyc-constants';
import { firstFailure, ruleFailure, type Rule, type RuleFailure } from './rules/rule';
import { keyedIssueParams } from './rules/zod';
import type { ServerMessage } from './server-messages';
import {
  PHONE_MAX_LENGTH,
  city,
  countryCode,
  firstName,
  lastName,
  middleName,
  region,
  regionIn,
  street,
  street2,
} from './rules/identity-rules';
import { normalisePostalCode, postalCode } from './rules/postal-code';
import { maxLength, oneOf, pattern, required, romanized } from './rules/string-rules';

/**
 * The KYC individual record (document 1, section 3) and the account, agreement and status calls (document 2, section 7;
 * decision 007). One validator, `kycIndividualProblems`, holds every rule of document 2, section 5, so the SPA's forms
 * and the API refuse the same input with the same message.
 */

const M = KYC_MESSAGES.en;

// ---------------------------------------------------------------------------------------------------------------
// The loose input: every leaf optional, so that a missing field reaches the validator (and its catalogue
// message) together with all other problems in one reply, instead of zod stopping at the first missing object.

const text = () => z.string().optional();
// The date picker sends numbers; a form library may send digit strings. Both are read by the validator.
const datePart = () => z.union([z.number(), z.string()]).optional();

const NameInput = z
  .object({
    first: text(),
    last: text(),
    middle: text(),
    preferred: text(),
    matronymic: text(),
    maiden: text(),
    latinFirst: text(),
    latinLast: text(),
  })
  .strict();
const AddressInput = z
  .object({
    country: text(),
    countryName: text(),
    city: text(),
    region: text(),
    postalCode: text(),
    street1: text(),
    street2: text(),
  })
  .strict();
const TelephoneInput = z
  .object({
    country: text(),
    countryCode: text(),
    number: text(),
    extension: text(),
  })
  .strict();
const BirthInput = z.object({ day: datePart(), month: datePart(), year: datePart() }).strict();
const TaxInput = z.object({ identifier: text(), country: text(), region: text(), city: text() }).strict();

export const KycIndividualInput = z
  .object({
    name: NameInput.optional(),
    address: AddressInput.optional(),
    telephone: TelephoneInput.optional(),
    email: text(),
    sex: text(),
    birth: BirthInput.optional(),
    tax: TaxInput.optional(),
    // Server-owned fields of document 1, section 3 (submitted, relatedId, related, uniqueId, socureDocumentId,
    // socureDeviceId) are not input: like any undeclared field, here or in a part, they are refused
    // (docs/decisions/103-every-request-body-refuses-unknown-fields.md).
  })
  .strict();
export type KycIndividualInput = z.infer<typeof KycIndividualInput>;

// ---------------------------------------------------------------------------------------------------------------
// The validated record

export const KycBirth = z.object({ day: z.number().int(), month: z.number().int(), year: z.number().int() }).meta({
  description: 'Date of birth; month 1-12',
});

export const KycIndividual = z
  .object({
    name: z.object({
      first: z.string(),
      last: z.string(),
      middle: z.string().optional(),
      preferred: z.string().optional(),
      matronymic: z.string().optional(),
      maiden: z.string().optional(),
      latinFirst: z.string().optional(),
      latinLast: z.string().optional(),
    }),
    address: z.object({
      country: z.string(),
      countryName: z.string().optional(),
      city: z.string(),
      region: z.string().optional(),
      postalCode: z.string(),
      street1: z.string(),
      street2: z.string().optional(),
    }),
    telephone: z
      .object({ country: z.string(), countryCode: z.string(), number: z.string(), extension: z.string().optional() })
      .optional(),
    sex: z.string().optional(),
    birth: KycBirth,
    tax: z.object({
      identifier: z.string(),
      country: z.string(),
      region: z.string().optional(),
      city: z.string().optional(),
    }),
  })
  .meta({ id: 'KycIndividual' });
export type KycIndividual = z.infer<typeof KycIndividual>;

/** What the API keeps and returns: the record plus the server-owned fields of document 1, section 3. */
export const KycIndividualInfo = KycIndividual.extend({
  email: z.string(),
  submitted: z.boolean(),
  relatedId: z.string(),
  /**
   * Document 1, section 3's `related`: the custodian's records this person is related to, the contact (relatedId)
   * and the custodial account once the agreement is signed (decision 064).
   */
  related: z.object({ contactId: z.string(), accountId: z.string().nullable() }),
  uniqueId: z.string(),
  socureDocumentId: z.string().nullable(),
  socureDeviceId: z.string().nullable(),
}).meta({ id: 'KycIndividualInfo' });
export type KycIndividualInfo = z.infer<typeof KycIndividualInfo>;

// ---------------------------------------------------------------------------------------------------------------
// The rules (document 2, section 5)

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function toInt(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Today's calendar date in UTC: the server's clock and the tests agree on it wherever they run. */
export function calendarDateOf(now: Date): CalendarDate {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Full years between two dates; a 29 February birthday counts from 1 March in common years. */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

/**
 * Date of birth: missing or impossible → 'Invalid Date.'; today or later → 'Date must be in the past.';
 * R7: under 18 by the full date (not the original's calendar-year gap of 17) → 'Must be older than 18.'
 */
export function birthDateProblem(
  birth: { day?: unknown; month?: unknown; year?: unknown } | undefined,
  today: CalendarDate,
): string | undefined {
  return birthDateIssue(birth, today)?.text;
}

function birthDateIssue(
  birth: { day?: unknown; month?: unknown; year?: unknown } | undefined,
  today: CalendarDate,
): KycProblem | undefined {
  const year = toInt(birth?.year);
  const month = toInt(birth?.month);
  const day = toInt(birth?.day);
  if (year === undefined || month === undefined || day === undefined) return kycProblem('invalidDate');
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return kycProblem('invalidDate');
  const date = { year, month, day };
  if (compareDates(date, today) >= 0) return kycProblem('dateInPast');
  if (ageOn(date, today) < KYC_MIN_AGE_YEARS) return kycProblem('olderThan18');
  return undefined;
}

/** The phone number as the library reads it for the chosen country, or undefined when it is not a valid one. */
function parsePhone(number: string | undefined, country: string): PhoneNumber | undefined {
  const value = (number ?? '').trim();
  // Bounded before the library reads it (decision 051).
  if (value.length < KYC_PHONE_MIN_LENGTH || value.length > PHONE_MAX_LENGTH) return undefined;
  if (!isSupportedCountry(country)) return undefined;
  const parsed = parsePhoneNumberFromString(value, country);
  return parsed?.isValid() ? parsed : undefined;
}

/**
 * Document 2, section 5: fewer than 6 characters, or a number the phone-number library cannot parse as a
 * valid number of the chosen country, is 'Invalid Phone' (R9); so is a number written with the calling code of a
 * restricted country (restricted countries are not in the phone country list).
 */
export function phoneProblem(number: string | undefined, country: string): string | undefined {
  return phoneIssue(number, country)?.text;
}

function phoneIssue(number: string | undefined, country: string): KycProblem | undefined {
  const parsed = parsePhone(number, country);
  if (!parsed) return kycProblem('invalidPhone');
  return parsed.country && isRestrictedCountry(parsed.country) ? kycProblem('invalidPhone') : undefined;
}

/**
 * The values `sex` takes (document 1, section 3 names the field, not its values; decision 051): stored in lower case.
 */
export const KYC_SEXES = ['female', 'male', 'other'] as const;

// A country's name as a client may send it beside the code: letters of any alphabet and the punctuation of the
// catalogue's names ("Korea, Republic of", "Côte d'Ivoire"). Only its shape is checked: the name stored and printed
// is always the catalogue's for the code (decision 051).
const COUNTRY_NAME = /^(?=.*\p{L})[\p{L}\p{M} .,'’()-]+$/u;
const countryNameRules: Rule[] = [maxLength(100), pattern(COUNTRY_NAME)];

const ASCII = /^[\x20-\x7E]*$/;
// A Tax ID is an SSN for US users and the identity document's number for everyone else (the tooltip of
// document 1, section 2): letters, digits and the separators such numbers are printed with.
const TAX_ID = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;
const taxIdentifier: Rule[] = [required, maxLength(30), pattern(TAX_ID)];

function trimmed(value: string | undefined): string | undefined {
  const t = value?.trim();
  return t === undefined || t === '' ? undefined : t;
}

/**
 * A problem of a KYC record: its English text (the API's wording) and its key with parameters, `kyc.<name>` or
 * `rule.<code>` (server-messages.ts), by which a client shows it in the user's language (decision 075).
 */
export interface KycProblem extends ServerMessage {
  readonly text: string;
}

const kycProblem = (name: KycMessageKey): KycProblem => ({ key: `kyc.${name}`, text: M[name] });

const ruleProblem = (failure: RuleFailure): KycProblem => ({
  key: `rule.${failure.code}`,
  text: failure.message,
  ...(failure.params === undefined ? {} : { params: failure.params }),
});

function check(problems: Record<string, KycProblem>, field: string, value: unknown, rules: readonly Rule[]): void {
  const failure = firstFailure(value, rules);
  if (failure) problems[field] = ruleProblem(failure);
}

/** The country checks shared by the address and the phone: a real ISO code, not restricted. */
function countryProblem(value: string | undefined): KycProblem | undefined {
  const failure = firstFailure(value, [required, countryCode]);
  if (failure) return ruleProblem(failure);
  return isRestrictedCountry(value ?? '') ? kycProblem('countryNotSupported') : undefined;
}

/**
 * Every problem of a KYC individual record, field path → the first message for it in English (one message per
 * field, as a form shows). Empty means valid. `today` is the caller's clock (R7 counts from it).
 */
export function kycIndividualProblems(input: KycIndividualInput, today: CalendarDate): Record<string, string> {
  return Object.fromEntries(Object.entries(kycIndividualIssues(input, today)).map(([field, p]) => [field, p.text]));
}

/** The same problems with their keys: what a form shows in the user's language and the API puts in its reply. */
export function kycIndividualIssues(input: KycIndividualInput, today: CalendarDate): Record<string, KycProblem> {
  const problems: Record<string, KycProblem> = {};
  const name = input.name ?? {};
  const first = trimmed(name.first);
  const last = trimmed(name.last);
  check(problems, 'name.first', first, [required, firstName]);
  check(problems, 'name.last', last, [required, lastName]);
  // R8: a name outside ASCII asks for its romanized form, which must itself be a romanized name.
  if (first !== undefined && !ASCII.test(first))
    check(problems, 'name.latinFirst', trimmed(name.latinFirst), [required, romanized, firstName]);
  else if (trimmed(name.latinFirst) !== undefined)
    check(problems, 'name.latinFirst', trimmed(name.latinFirst), [romanized, firstName]);
  if (last !== undefined && !ASCII.test(last))
    check(problems, 'name.latinLast', trimmed(name.latinLast), [required, romanized, lastName]);
  else if (trimmed(name.latinLast) !== undefined)
    check(problems, 'name.latinLast', trimmed(name.latinLast), [romanized, lastName]);
  if (trimmed(name.middle) !== undefined) check(problems, 'name.middle', trimmed(name.middle), [middleName]);
  if (trimmed(name.preferred) !== undefined) check(problems, 'name.preferred', trimmed(name.preferred), [firstName]);
  if (trimmed(name.matronymic) !== undefined) check(problems, 'name.matronymic', trimmed(name.matronymic), [lastName]);
  if (trimmed(name.maiden) !== undefined) check(problems, 'name.maiden', trimmed(name.maiden), [lastName]);

  const birth = birthDateIssue(input.birth, today);
  if (birth) problems['birth'] = birth;

  check(problems, 'tax.identifier', trimmed(input.tax?.identifier), taxIdentifier);

  const address = input.address ?? {};
  const country = trimmed(address.country)?.toUpperCase();
  const countryFailure = countryProblem(country);
  if (countryFailure) problems['address.country'] = countryFailure;
  if (trimmed(address.countryName) !== undefined)
    check(problems, 'address.countryName', trimmed(address.countryName), countryNameRules);
  check(problems, 'address.street1', trimmed(address.street1), [required, street]);
  if (trimmed(address.street2) !== undefined) check(problems, 'address.street2', trimmed(address.street2), [street2]);
  check(problems, 'address.city', trimmed(address.city), [required, city]);
  const regionValue = trimmed(address.region)?.toUpperCase();
  if (country !== undefined && hasRegionList(country)) {
    // Region is required only for countries with a region list (US, CA, GB); restricted states are refused.
    check(problems, 'address.region', regionValue, [required, regionIn(regionCodesOf(country))]);
    if (!problems['address.region'] && isRestrictedRegion(country, regionValue ?? ''))
      problems['address.region'] = kycProblem('regionNotSupported');
  } else if (trimmed(address.region) !== undefined) {
    check(problems, 'address.region', trimmed(address.region), [region]);
  }
  const postal = trimmed(address.postalCode);
  if (postal === undefined) problems['address.postalCode'] = ruleProblem(ruleFailure('required'));
  // The postal-code rule needs a real country; with a bad country that field carries the message instead.
  else if (!countryFailure && country !== undefined)
    check(problems, 'address.postalCode', postal, [postalCode(country)]);

  const telephone = input.telephone;
  if (telephone && (trimmed(telephone.number) !== undefined || trimmed(telephone.country) !== undefined)) {
    const phoneCountry = (trimmed(telephone.country) ?? 'US').toUpperCase();
    // Restricted countries are excluded from the phone country list (document 2, section 5).
    const phoneCountryFailure = countryProblem(phoneCountry);
    if (phoneCountryFailure) problems['telephone.country'] = phoneCountryFailure;
    else {
      const phone = phoneIssue(telephone.number, phoneCountry);
      if (phone) problems['telephone.number'] = phone;
      // The calling code, when sent, is the phone country's own (document 1, section 3; the library knows each one).
      const callingCode = trimmed(telephone.countryCode)?.replace(/^\+/, '');
      if (callingCode !== undefined && isSupportedCountry(phoneCountry)) {
        check(problems, 'telephone.countryCode', callingCode, [oneOf([getCountryCallingCode(phoneCountry)])]);
      }
    }
    if (trimmed(telephone.extension) !== undefined)
      check(problems, 'telephone.extension', trimmed(telephone.extension), [pattern(/^\d{1,6}$/)]);
  }
  if (trimmed(input.sex) !== undefined) check(problems, 'sex', trimmed(input.sex)?.toLowerCase(), [oneOf(KYC_SEXES)]);

  // The tax residence (document 1, section 3): a real, unrestricted country; a region from its list where it has one.
  const taxCountry = trimmed(input.tax?.country)?.toUpperCase();
  if (taxCountry !== undefined) {
    const taxCountryFailure = countryProblem(taxCountry);
    if (taxCountryFailure) problems['tax.country'] = taxCountryFailure;
  }
  const taxRegion = trimmed(input.tax?.region);
  const regionCountry = taxCountry ?? country;
  if (taxRegion !== undefined && !problems['tax.country']) {
    if (regionCountry !== undefined && hasRegionList(regionCountry))
      check(problems, 'tax.region', taxRegion.toUpperCase(), [regionIn(regionCodesOf(regionCountry))]);
    else check(problems, 'tax.region', taxRegion, [region]);
  }
  if (trimmed(input.tax?.city) !== undefined) check(problems, 'tax.city', trimmed(input.tax?.city), [city]);
  return problems;
}

/** The record as stored: trimmed, upper-cased codes, absent optional parts dropped. Call only when valid. */
export function normaliseKycIndividual(input: KycIndividualInput): KycIndividual {
  const name = input.name ?? {};
  const address = input.address ?? {};
  const country = (trimmed(address.country) ?? '').toUpperCase();
  const opt = <K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> =>
    (trimmed(value) === undefined ? {} : { [key]: trimmed(value) }) as Partial<Record<K, string>>;
  const regionValue = hasRegionList(country) ? trimmed(address.region)?.toUpperCase() : trimmed(address.region);
  const telephone = input.telephone && trimmed(input.telephone.number) !== undefined ? input.telephone : undefined;
  const phoneCountry = (trimmed(telephone?.country) ?? 'US').toUpperCase();
  const phone = telephone ? parsePhone(telephone.number, phoneCountry) : undefined;
  const taxCountry = (trimmed(input.tax?.country) ?? country).toUpperCase();
  const taxRegion = trimmed(input.tax?.region) ?? regionValue;
  return {
    name: {
      first: trimmed(name.first) ?? '',
      last: trimmed(name.last) ?? '',
      ...opt('middle', name.middle),
      ...opt('preferred', name.preferred),
      ...opt('matronymic', name.matronymic),
      ...opt('maiden', name.maiden),
      ...opt('latinFirst', name.latinFirst),
      ...opt('latinLast', name.latinLast),
    },
    address: {
      // The country's name is never the request's: the API stores the catalogue's name for the code (decision 051).
      country,
      city: trimmed(address.city) ?? '',
      ...(regionValue === undefined ? {} : { region: regionValue }),
      postalCode: normalisePostalCode(address.postalCode ?? ''),
      street1: trimmed(address.street1) ?? '',
      ...opt('street2', address.street2),
    },
    ...(telephone
      ? {
          telephone: {
            // Stored as the library reads it (decision 051): the number in E.164 and its country's calling code,
            // whatever digits or separators were typed ('٠١٢٣٤٥٦٧٨٩', '(01) 234 5678').
            country: phone?.country ?? phoneCountry,
            countryCode:
              phone?.countryCallingCode ??
              (isSupportedCountry(phoneCountry) ? getCountryCallingCode(phoneCountry) : '1'),
            number: phone?.number ?? trimmed(telephone.number) ?? '',
            ...opt('extension', telephone.extension),
          },
        }
      : {}),
    ...opt('sex', input.sex?.toLowerCase()),
    birth: {
      year: toInt(input.birth?.year) ?? 0,
      month: toInt(input.birth?.month) ?? 0,
      day: toInt(input.birth?.day) ?? 0,
    },
    tax: {
      identifier: trimmed(input.tax?.identifier) ?? '',
      // The tax residence defaults to the address (document 1, section 3 lists tax country, region, city).
      country: taxCountry,
      ...opt('region', taxRegion !== undefined && hasRegionList(taxCountry) ? taxRegion.toUpperCase() : taxRegion),
      ...opt('city', input.tax?.city ?? address.city),
    },
  };
}

/**
 * The request body of `/contact/set/individualinfo`: validated by every rule, field messages under the field's
 * path ('name.first', 'birth', 'address.region', ...), and turned into the stored record. `now` is a function so
 * a long-lived schema always checks the age against today (R7).
 */
export function kycIndividualRequest(now: () => Date = () => new Date()) {
  return KycIndividualInput.superRefine((input, ctx) => {
    for (const [field, problem] of Object.entries(kycIndividualIssues(input, calendarDateOf(now())))) {
      ctx.addIssue({
        code: 'custom',
        message: problem.text,
        path: field.split('.'),
        params: keyedIssueParams(problem),
      });
    }
  }).transform(normaliseKycIndividual);
}
export const KycIndividualRequest = kycIndividualRequest();

// ---------------------------------------------------------------------------------------------------------------
// Replies of the account and KYC calls

/**
 * The body of a route that takes none: `{}` (what the SPA sends) and nothing else. Strict, so JSON null, an array, a
 * string or an object with any key is a 400 validation error rather than a call that runs (decision 049).
 */
export const EmptyRequest = z.object({}).strict().optional();

const AccountStatus = z.enum(ACCOUNT_STATUSES);

export const IndividualInfoReply = z.object({
  relatedId: z.string().nullable(),
  individual: KycIndividualInfo.nullable(),
});
export type IndividualInfoReply = z.infer<typeof IndividualInfoReply>;

export const SetIndividualInfoReply = z.object({ relatedId: z.string(), individual: KycIndividualInfo });
export type SetIndividualInfoReply = z.infer<typeof SetIndividualInfoReply>;

/** `/primetrust/account/get`: the SPA's guard reads `status` (document 2, section 7). */
export const AccountReply = z.object({
  status: AccountStatus,
  accountId: z.string().nullable(),
  relatedId: z.string().nullable(),
  /** Why the account is in its status (a decision's reason), null while nothing has been decided. */
  statusReason: z.string().nullable(),
});
export type AccountReply = z.infer<typeof AccountReply>;

const KycCheckStatusSchema = z.enum(KYC_CHECK_STATUSES);
export const KycChecks = z.object(
  Object.fromEntries(KYC_CHECK_NAMES.map((n) => [n, KycCheckStatusSchema])) as Record<
    (typeof KYC_CHECK_NAMES)[number],
    typeof KycCheckStatusSchema
  >,
);
export type KycChecks = z.infer<typeof KycChecks>;

export const AccountTransition = z.object({
  from: AccountStatus,
  to: AccountStatus,
  reason: z.string(),
  at: z.string(),
});

/** `/primetrust-contact`: the detailed KYC status, which checks are pending, passed or failed. */
export const ContactStatusReply = z.object({
  status: AccountStatus,
  relatedId: z.string().nullable(),
  checks: KycChecks,
  pending: z.array(z.enum(KYC_CHECK_NAMES)),
  passed: z.array(z.enum(KYC_CHECK_NAMES)),
  failed: z.array(z.enum(KYC_CHECK_NAMES)),
  history: z.array(AccountTransition),
});
export type ContactStatusReply = z.infer<typeof ContactStatusReply>;

/** R23: the user's country from the KYC record, else a guess from the request's language headers. */
export const UserCountryReply = z.object({ country: z.string().nullable(), source: z.enum(USER_COUNTRY_SOURCES) });
export type UserCountryReply = z.infer<typeof UserCountryReply>;

/** `/contact/get/agreementpreviews` "returns data": the custodial agreement filled in with the user's details. */
export const AgreementPreviewReply = z.object({
  data: z.object({ title: z.string(), version: z.string(), content: z.string(), signature: z.string() }),
});
export type AgreementPreviewReply = z.infer<typeof AgreementPreviewReply>;

/** Document 1, section 3: the signature payload, the first and last name joined by a space. */
export const AgreementSubmitRequest = z.object({ signature: z.string().trim().min(1).max(120) }).strict();
export type AgreementSubmitRequest = z.infer<typeof AgreementSubmitRequest>;

export const AgreementSubmitReply = z.object({ status: AccountStatus });
export type AgreementSubmitReply = z.infer<typeof AgreementSubmitReply>;
