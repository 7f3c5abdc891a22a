import {
  ASSET_SECTIONS,
  FIAT_TICKER,
  TRANSFER_METHOD_KEYS,
  assetSectionOf,
  isFiatNetwork,
  monogramSvgDataUri,
  rampAssetKey,
  type AssetSection,
  type BankAccount,
  type BankLogo,
  type FeatureInterestType,
  type RampAsset,
  type TransferMethodKey,
} from '@rampart/contracts';
import { nicknameWithoutBank } from '../../../lib/bank-names';

/**
 * Asset options for the trade selectors (document 1, section 3 "Asset option"; document 2, sections 5 and 9; R13,
 * R15; decision 022). Pure functions: the catalogue of `/ramp/assets`, the linked banks and the USD balance in,
 * options out. No texts of their own: the page passes the words (i18n) and translates section keys.
 */

/** Document 1, section 3: the option of a selector, plus what the pages need to draw and check it. */
export interface AssetOption {
  /** Unique in a list: network + ticker ('xrplUSDS'); a bank's method adds its resource id. */
  key: string;
  label: string;
  network: string;
  assetTicker: string;
  assetTickerDisplayName: string;
  networkDisplayName: string;
  section: AssetSection;
  /** Shown, cannot be chosen ("notify me" when `featureInterestType` is set). */
  disabled: boolean;
  /** Not shown at all. */
  hidden: boolean;
  /** The asset provider that exchanges it; '' for a payment method (document 1, section 3). */
  exchangeProviderId: string;
  /** The network icon of an asset, the bank logo of a bank method (an SVG data URI). */
  imageURL: string;
  decimals: number;
  /** R14: the smallest deposit of an asset, shown before the user sends anything; null for payment methods. */
  minimumDeposit: string | null;
  featureInterestType: FeatureInterestType | null;
}

/** Document 1, section 3: "a payment-method option has assetTicker USD, description (bank name), imageURL (bank
 * logo), value, label, network, section fiat, metadata.decimals 2, empty exchangeProviderId, and for bank accounts
 * also resourceId and relatedId". */
export interface PaymentMethodOption extends AssetOption {
  section: 'fiat';
  assetTicker: typeof FIAT_TICKER;
  network: TransferMethodKey;
  exchangeProviderId: '';
  description: string;
  /** What a quote carries as the address: the bank's method id, or the USD balance's title. */
  value: string;
  metadata: { decimals: 2 };
  resourceId?: string;
  relatedId?: string | null;
}

export function isPaymentMethodOption(option: AssetOption): option is PaymentMethodOption {
  return option.section === 'fiat' && 'value' in option;
}

/** The direction an option serves: what the user gives (from) or gets (to). */
export type OptionDirection = 'from' | 'to';

export function isEnabledFor(asset: RampAsset, direction: OptionDirection): boolean {
  return direction === 'from' ? asset.fromAssetEnabled : asset.toAssetEnabled;
}

/** Section of an option by document 1's rule (the catalogue says it too; the rule is the SPA's own). */
export function sectionOf(network: string, assetTicker: string): AssetSection {
  return assetSectionOf(network, assetTicker);
}

/**
 * The asset options (stablecoins and crypto) for one direction, in the catalogue's order. An asset that cannot
 * serve this direction is shown disabled; hidden assets stay hidden (the selectors skip them).
 */
export function buildAssetOptions(
  assets: readonly RampAsset[],
  direction: OptionDirection,
  exchangeProviderId: string,
): AssetOption[] {
  return assets
    .filter((asset) => !isFiatNetwork(asset.network))
    .map((asset) => ({
      key: rampAssetKey(asset.network, asset.assetTicker),
      label: asset.unitName,
      network: asset.network,
      assetTicker: asset.assetTicker,
      assetTickerDisplayName: asset.unitName,
      networkDisplayName: asset.networkDisplayName,
      section: sectionOf(asset.network, asset.assetTicker),
      disabled: asset.disabled || !isEnabledFor(asset, direction),
      hidden: asset.hidden,
      exchangeProviderId,
      imageURL: asset.networkIcon,
      decimals: asset.decimals,
      minimumDeposit: asset.minimumDeposit,
      featureInterestType: asset.featureInterestType,
    }));
}

/**
 * Document 2, section 5: "a primex method counts as enabled as a source only if its key plus USD matches a listed
 * method enabled for from-asset" (and, for payouts, enabled for to-asset).
 */
export function isMethodListed(
  assets: readonly RampAsset[],
  method: TransferMethodKey,
  direction: OptionDirection,
): boolean {
  return assets.some(
    (asset) =>
      rampAssetKey(asset.network, asset.assetTicker) === rampAssetKey(method, FIAT_TICKER) &&
      isEnabledFor(asset, direction),
  );
}

/** The words of the payment-method options, from the page's translations. */
export interface PaymentMethodText {
  /** 'USD balance' */
  usdBalance: string;
  /** Under the USD balance's label, e.g. the available amount formatted for the locale. */
  usdBalanceDescription: string;
  /** A bank method's label, e.g. 'ACH · Everyday Checking ••1234'. */
  bankMethod(
    method: 'primex_ach' | 'primex_instant_ach',
    account: Pick<BankAccount, 'nickname' | 'lastDigits' | 'bankName'>,
  ): string;
  /** A method shown only to be asked for ('Debit card', 'US wire'): its name. */
  method(method: TransferMethodKey): string;
}

export interface PaymentMethodInput {
  /** The catalogue of `/ramp/assets`: which methods are listed, per direction. */
  assets: readonly RampAsset[];
  /** `/bank-account-list`. */
  bankAccounts: readonly BankAccount[];
  /** Bank logos by institution id (`/plaid-institutions`); a bank without one gets its initials on slate. */
  logos: ReadonlyMap<string, BankLogo>;
  direction: OptionDirection;
  text: PaymentMethodText;
}

/** The quote draft's address for the USD balance (document 1, section 3: "the balance title, or 'USD balance'"). */
export const USD_BALANCE_VALUE = 'USD balance';

const BANK_METHODS = ['primex_ach', 'primex_instant_ach'] as const;
const FALLBACK_LOGO_COLOR = '#475569';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .map((word) => /[A-Za-z0-9]/.exec(word)?.[0] ?? '')
      .filter((letter) => letter !== '')
      .slice(0, 2)
      .join('')
      .toUpperCase() || '?'
  );
}

function methodOption(
  network: TransferMethodKey,
  fields: Omit<
    PaymentMethodOption,
    | 'network'
    | 'assetTicker'
    | 'section'
    | 'exchangeProviderId'
    | 'metadata'
    | 'decimals'
    | 'minimumDeposit'
    | 'hidden'
    | 'assetTickerDisplayName'
  >,
): PaymentMethodOption {
  return {
    ...fields,
    network,
    assetTicker: FIAT_TICKER,
    assetTickerDisplayName: FIAT_TICKER,
    section: 'fiat',
    hidden: false,
    exchangeProviderId: '',
    decimals: 2,
    metadata: { decimals: 2 },
    minimumDeposit: null,
  };
}

/**
 * The payment-method options of one direction (document 1, section 3; document 2, section 5): the USD balance,
 * then each linked bank (only `plaid` methods) once per bank method listed for the direction (ACH, and instant ACH
 * as a source), then the methods the catalogue shows disabled (card, wires) with their "notify me" type. A bank
 * that needs its login again is shown disabled: no money can move through it until the user re-authenticates.
 */
export function buildPaymentMethodOptions(input: PaymentMethodInput): PaymentMethodOption[] {
  const { assets, direction, text } = input;
  const listed = (method: TransferMethodKey) => isMethodListed(assets, method, direction);
  const catalogueEntry = (method: TransferMethodKey) =>
    assets.find((a) => a.network === method && a.assetTicker === FIAT_TICKER);
  const options: PaymentMethodOption[] = [];

  const usd = catalogueEntry('primex_usd');
  if (usd && listed('primex_usd')) {
    options.push(
      methodOption('primex_usd', {
        key: rampAssetKey('primex_usd', FIAT_TICKER),
        label: text.usdBalance,
        description: text.usdBalanceDescription,
        value: USD_BALANCE_VALUE,
        networkDisplayName: text.usdBalance,
        imageURL: usd.networkIcon,
        disabled: false,
        featureInterestType: null,
      }),
    );
  }

  const banks = input.bankAccounts.filter((account) => account.fundsTransferMethod === 'plaid');
  for (const method of BANK_METHODS) {
    if (!listed(method)) continue;
    for (const account of banks) {
      const logo = input.logos.get(account.institutionId) ?? {
        monogram: initials(account.bankName),
        color: FALLBACK_LOGO_COLOR,
      };
      // The bank is named once: in the description, or in the label when the nickname is only the bank's name (decision 055).
      const nickname = nicknameWithoutBank(account);
      options.push(
        methodOption(method, {
          key: `${rampAssetKey(method, FIAT_TICKER)}:${account.resourceId}`,
          label: text.bankMethod(method, { ...account, nickname }),
          description: nickname === '' ? '' : account.bankName,
          value: account.primetrustFundsTransferMethodId,
          networkDisplayName: text.method(method),
          imageURL: monogramSvgDataUri(logo),
          disabled: account.requiresReauth,
          featureInterestType: null,
          resourceId: account.resourceId,
          relatedId: account.relatedId,
        }),
      );
    }
  }

  for (const method of TRANSFER_METHOD_KEYS) {
    const entry = catalogueEntry(method);
    if (!entry?.disabled || entry.hidden) continue;
    options.push(
      methodOption(method, {
        key: rampAssetKey(method, FIAT_TICKER),
        label: text.method(method),
        description: '',
        value: method,
        networkDisplayName: text.method(method),
        imageURL: entry.networkIcon,
        disabled: true,
        featureInterestType: entry.featureInterestType,
      }),
    );
  }
  return options;
}

/** A selector's group: the section, its priority, and its options in order. */
export interface OptionSection<O extends AssetOption = AssetOption> {
  section: AssetSection;
  priority: number;
  options: O[];
}

export function sectionPriority(section: AssetSection): number {
  return ASSET_SECTIONS[section].priority;
}

/** Options sorted by their section's priority (highest first), keeping the given order within a section. */
export function sortBySection<O extends AssetOption>(options: readonly O[]): O[] {
  return options
    .map((option, index) => ({ option, index }))
    .sort((a, b) => sectionPriority(b.option.section) - sectionPriority(a.option.section) || a.index - b.index)
    .map(({ option }) => option);
}

/**
 * The sections a selector shows: hidden options left out, empty sections dropped, highest priority first
 * ('Payment Methods' 1000, 'Stablecoins' 500, 'Cryptocurrencies' 100, other 50).
 */
export function groupIntoSections<O extends AssetOption>(options: readonly O[]): OptionSection<O>[] {
  const groups = new Map<AssetSection, O[]>();
  for (const option of sortBySection(options)) {
    if (option.hidden) continue;
    const list = groups.get(option.section) ?? [];
    list.push(option);
    groups.set(option.section, list);
  }
  return [...groups.entries()].map(([section, list]) => ({
    section,
    priority: sectionPriority(section),
    options: list,
  }));
}

/** An option the user may choose: shown and enabled. */
export function isSelectable(option: AssetOption): boolean {
  return !option.disabled && !option.hidden;
}

/** The id Rampart's own ramp puts in `exchangeProviderId`: the one asset provider (decision 065). */
export const RAMPART_PROVIDER_ID = 'rampart';

/**
 * The one selection rule of the trade pages (document 1, section 4): the option the user chose while it can still
 * be chosen, else the first one that can (in the options' order), else none. Asset and payment-method choices of
 * the buy, sell and home pages all go through it, so a choice that becomes unavailable falls back the same way.
 */
export function chooseOption<O extends AssetOption>(options: readonly O[], chosenKey: string | null): O | null {
  return (
    (chosenKey === null ? undefined : options.find((option) => option.key === chosenKey && isSelectable(option))) ??
    options.find(isSelectable) ??
    null
  );
}
