/**
 * R12: the generic string rule messages of document 2, section 5, keyed by a stable code so every
 * form and route can show them in either locale. English is word for word (R10 fixes only the typos
 * it lists, so 'must starts', 'match to' and 'exist in' stay), kind words included: 'IP', 'IPv4', 'IPv6',
 * 'address city', 'postal' and 'phone' are the document's. Wording the spec leaves open (hex and byte
 * lengths, decimals, the other account number, the network kinds) is ours.
 * Placeholders use i18next interpolation: `{{n}}` for a count, `{{value}}` for the rule's argument.
 */
const en = {
  required: 'A value is required',
  string: 'Only String type accepted',
  characters: 'Value contains a character that is not allowed',
  equals: 'Value must be equal to constant {{value}}',
  length: 'Value length must be equal to {{n}}',
  minLength: 'Value must be at least {{n}} characters',
  maxLength: 'Value must be less than {{n}} characters',
  hex: 'Value is not a valid hexadecimal',
  hexBytes: 'Value must be a hexadecimal of {{n}} bytes',
  maxBytes: 'Value must be at most {{n}} bytes',
  pattern: 'Value does not match to the pattern',
  startsWith: 'Value must starts with {{value}}',
  endsWith: 'Value must ends with {{value}}',
  contains: 'Value must contain {{value}}',
  oneOf: 'Value does not exist in the required list',
  noneOf: 'Value exist in the excluded list',
  romanized: 'Value only allows romanized characters',
  number: 'Value is not a valid number',
  maxDecimals: 'Value must have at most {{n}} decimal places',
  primeTrustAccount: 'Value is not a valid Prime Trust account. Should be a 12-digit number.',
  accountNumber: 'Value is not a valid account number',
  email: 'Value is not a valid email',
  hostname: 'Value is not a valid host name',
  ip: 'Value is not a valid IP',
  ipv4: 'Value is not a valid IPv4',
  ipv6: 'Value is not a valid IPv6',
  uri: 'Value is not a valid URI',
  uriReference: 'Value is not a valid URI reference',
  inetAddress: 'Value is not a valid INET address',
  uuid: 'Value is not a valid UUID',
  countryCode: 'Value is not a valid country code',
  invalidCountryCode: 'Invalid country code',
  city: 'Value is not a valid address city',
  postalCode: 'Value is not a valid postal',
  region: 'Value is not a valid region',
  street: 'Value is not a valid street',
  street2: 'Value is not a valid street line 2',
  phone: 'Value is not a valid phone',
  fullName: 'Value is not a valid full name',
  firstName: 'Value is not a valid first name',
  lastName: 'Value is not a valid last name',
  middleName: 'Value is not a valid middle name',
  ethAddress: 'Value is not a valid ETH address',
  bnbAddress: 'Value is not a valid BNB address',
  address: 'Value is not a valid {{kind}} address',
  destinationTag: 'Value is not a valid {{kind}} destination tag',
  memo: 'Value is not a valid {{kind}} memo',
  memoNotUsed: 'This network does not use a memo',
  network: 'Value is not a supported network',
  abaRoutingNumber: 'Value is not a valid ABA routing number',
  swiftCode: 'Value is not a valid SWIFT code',
  totp: 'Value is not a valid TOTP number',
  iban: 'Value is not a valid IBAN',
  // Ours: zod's checks the document has no words for (zod-messages.ts), so no reply carries zod's own English.
  object: 'Value is not a valid object',
  integer: 'Value is not a valid integer',
  boolean: 'Value is not a valid boolean',
  list: 'Value is not a valid list',
  minimum: 'Value must be at least {{value}}',
  maximum: 'Value must be at most {{value}}',
  invalid: 'Value is not valid',
  unknownFields: 'Unknown field: {{names}}',
} as const;

export type RuleCode = keyof typeof en;

// Typed against the English keys so a missing or extra Spanish entry fails the build (R18).
const es: { readonly [K in RuleCode]: string } = {
  required: 'Se requiere un valor',
  string: 'Solo se aceptan cadenas de texto',
  characters: 'El valor contiene un carácter no permitido',
  equals: 'El valor debe ser igual a la constante {{value}}',
  length: 'La longitud del valor debe ser igual a {{n}}',
  minLength: 'El valor debe tener al menos {{n}} caracteres',
  maxLength: 'El valor debe tener menos de {{n}} caracteres',
  hex: 'El valor no es un hexadecimal válido',
  hexBytes: 'El valor debe ser un hexadecimal de {{n}} bytes',
  maxBytes: 'El valor debe ocupar como máximo {{n}} bytes',
  pattern: 'El valor no coincide con el patrón',
  startsWith: 'El valor debe empezar por {{value}}',
  endsWith: 'El valor debe terminar en {{value}}',
  contains: 'El valor debe contener {{value}}',
  oneOf: 'El valor no existe en la lista requerida',
  noneOf: 'El valor existe en la lista de excluidos',
  romanized: 'El valor solo admite caracteres romanizados',
  number: 'El valor no es un número válido',
  maxDecimals: 'El valor debe tener como máximo {{n}} decimales',
  primeTrustAccount: 'El valor no es una cuenta de Prime Trust válida. Debe ser un número de 12 dígitos.',
  accountNumber: 'El valor no es un número de cuenta válido',
  email: 'El valor no es un correo electrónico válido',
  hostname: 'El valor no es un nombre de host válido',
  ip: 'El valor no es una IP válida',
  ipv4: 'El valor no es una IPv4 válida',
  ipv6: 'El valor no es una IPv6 válida',
  uri: 'El valor no es un URI válido',
  uriReference: 'El valor no es una referencia URI válida',
  inetAddress: 'El valor no es una dirección INET válida',
  uuid: 'El valor no es un UUID válido',
  countryCode: 'El valor no es un código de país válido',
  invalidCountryCode: 'Código de país no válido',
  city: 'El valor no es una ciudad de dirección válida',
  postalCode: 'El valor no es un código postal válido',
  region: 'El valor no es una región válida',
  street: 'El valor no es una calle válida',
  street2: 'El valor no es una línea 2 de dirección válida',
  phone: 'El valor no es un teléfono válido',
  fullName: 'El valor no es un nombre completo válido',
  firstName: 'El valor no es un nombre válido',
  lastName: 'El valor no es un apellido válido',
  middleName: 'El valor no es un segundo nombre válido',
  ethAddress: 'El valor no es una dirección ETH válida',
  bnbAddress: 'El valor no es una dirección BNB válida',
  address: 'El valor no es una dirección {{kind}} válida',
  destinationTag: 'El valor no es una etiqueta de destino {{kind}} válida',
  memo: 'El valor no es un memo de {{kind}} válido',
  memoNotUsed: 'Esta red no usa memo',
  network: 'El valor no es una red admitida',
  abaRoutingNumber: 'El valor no es un número de ruta ABA válido',
  swiftCode: 'El valor no es un código SWIFT válido',
  totp: 'El valor no es un código TOTP válido',
  iban: 'El valor no es un IBAN válido',
  object: 'El valor no es un objeto válido',
  integer: 'El valor no es un número entero válido',
  boolean: 'El valor no es un booleano válido',
  list: 'El valor no es una lista válida',
  minimum: 'El valor debe ser como mínimo {{value}}',
  maximum: 'El valor debe ser como máximo {{value}}',
  invalid: 'El valor no es válido',
  unknownFields: 'Campo desconocido: {{names}}',
};

export const RULE_MESSAGES = { en, es } as const;

export const RULE_LANGS = ['en', 'es'] as const;
export type RuleLang = (typeof RULE_LANGS)[number];

export const RULE_CODES = Object.keys(en) as RuleCode[];

export type RuleParams = Readonly<Record<string, string | number>>;

export function isRuleCode(code: unknown): code is RuleCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(en, code);
}

/** Interpolates like i18next does, so the same catalogue can be loaded into the SPA's i18next. */
export function formatRuleMessage(code: RuleCode, params: RuleParams = {}, lang: RuleLang = 'en'): string {
  return RULE_MESSAGES[lang][code].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const param = params[name];
    return param === undefined ? whole : String(param);
  });
}
