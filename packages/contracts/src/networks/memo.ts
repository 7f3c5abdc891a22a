import { formatRuleMessage, type RuleCode, type RuleLang, type RuleParams } from '../rules/messages';
import { ruleFailure, type Rule } from '../rules/rule';
import { utf8ByteLength } from '../rules/string-rules';
import { isAddressNetwork, type AddressNetwork } from './address-networks';

/*
 * Memos and tags (document 2, section 9: "memo for stablecoins true"). Networks whose exchanges and
 * custodians share one address between many users carry a memo or tag naming the recipient; the SPA
 * asks for it where `memo` is not 'none'. A personal wallet needs none, so it is optional everywhere
 * a destination is the user's own (decision 021); a deposit address the platform gives always comes
 * with its own memo, set by the server.
 */

export type MemoPolicy = 'required' | 'optional' | 'none';
export type MemoKind = 'tag' | 'id' | 'text';

export interface NetworkMemoRule {
  readonly memo: MemoPolicy;
  /** What the field is called on that network, for the label. */
  readonly label?: 'destinationTag' | 'memo';
  /** The network's name in the memo's message ('Value is not a valid {{kind}} memo'). */
  readonly kind?: string;
}

/** XRPL destination tag: an unsigned 32-bit integer. */
export const XRPL_MAX_DESTINATION_TAG = 4_294_967_295n;
/** Stellar memo: MEMO_TEXT up to 28 bytes of UTF-8, or MEMO_ID an unsigned 64-bit integer. */
export const STELLAR_MEMO_TEXT_MAX_BYTES = 28;
export const STELLAR_MAX_MEMO_ID = 18_446_744_073_709_551_615n;
/** BNB Beacon Chain transfer memo: up to 128 bytes. */
export const BNB_MEMO_MAX_BYTES = 128;

export const NETWORK_MEMO_RULES: { readonly [N in AddressNetwork]: NetworkMemoRule } = {
  stellar: { memo: 'optional', label: 'memo', kind: 'Stellar' },
  solana: { memo: 'none' },
  avalanche: { memo: 'none' },
  ethereum: { memo: 'none' },
  xrpl: { memo: 'optional', label: 'destinationTag', kind: 'XRPL' },
  vechain: { memo: 'none' },
  harmony: { memo: 'none' },
  icon: { memo: 'none' },
  chia: { memo: 'none' },
  polymesh: { memo: 'none' },
  binancechain: { memo: 'optional', label: 'memo', kind: 'BNB' },
  tezos: { memo: 'none' },
  qtum: { memo: 'none' },
  bitcoin: { memo: 'none' },
  digitalbits: { memo: 'optional', label: 'memo', kind: 'DigitalBits' },
  polygon: { memo: 'none' },
};

const DIGITS = /^(?:0|[1-9][0-9]*)$/;

type MemoCheck = (memo: string) => { kind: MemoKind; normalized: string } | undefined;

const xrplTag: MemoCheck = (memo) =>
  DIGITS.test(memo) && BigInt(memo) <= XRPL_MAX_DESTINATION_TAG ? { kind: 'tag', normalized: memo } : undefined;

/**
 * A memo made only of digits that fits 64 bits is sent as MEMO_ID, which is what exchanges hand out;
 * anything else is MEMO_TEXT and must fit 28 bytes.
 */
const stellarMemo: MemoCheck = (memo) => {
  if (DIGITS.test(memo) && BigInt(memo) <= STELLAR_MAX_MEMO_ID) return { kind: 'id', normalized: memo };
  return utf8ByteLength(memo) <= STELLAR_MEMO_TEXT_MAX_BYTES ? { kind: 'text', normalized: memo } : undefined;
};

const bnbMemo: MemoCheck = (memo) =>
  utf8ByteLength(memo) <= BNB_MEMO_MAX_BYTES ? { kind: 'text', normalized: memo } : undefined;

const MEMO_CHECKS: { readonly [N in AddressNetwork]?: MemoCheck } = {
  xrpl: xrplTag,
  stellar: stellarMemo,
  digitalbits: stellarMemo,
  binancechain: bnbMemo,
};

export type MemoValidation =
  | { readonly ok: true; readonly memo: { readonly kind: MemoKind; readonly value: string } | undefined }
  | { readonly ok: false; readonly code: RuleCode; readonly message: string; readonly params?: RuleParams };

function fail(code: RuleCode, lang: RuleLang, params?: RuleParams): MemoValidation {
  const message = formatRuleMessage(code, params, lang);
  return params === undefined ? { ok: false, code, message } : { ok: false, code, message, params };
}

/**
 * Checks the memo or tag given for a destination on `network`. Absent (undefined, null, or blank) is
 * fine unless the network requires one; a memo on a network without memos is refused rather than
 * silently dropped, since the user believes it travels with the funds.
 */
export function validateMemo(network: string, memo: unknown, lang: RuleLang = 'en'): MemoValidation {
  if (!isAddressNetwork(network)) return fail('network', lang);
  const rule = NETWORK_MEMO_RULES[network];
  if (memo !== undefined && memo !== null && typeof memo !== 'string') return fail('string', lang);
  const trimmed = typeof memo === 'string' ? memo.trim() : '';
  if (trimmed === '') return rule.memo === 'required' ? fail('required', lang) : { ok: true, memo: undefined };
  const check = MEMO_CHECKS[network];
  if (rule.memo === 'none' || !check) return fail('memoNotUsed', lang);
  // Longer than any memo of these networks (128 bytes at most): refused before parsing digits of any length.
  const result = trimmed.length > BNB_MEMO_MAX_BYTES ? undefined : check(trimmed);
  if (!result) return fail(rule.label ?? 'memo', lang, { kind: rule.kind ?? network });
  return { ok: true, memo: { kind: result.kind, value: result.normalized } };
}

/** The memo check as an R12 rule. */
export function memoRule(network: AddressNetwork): Rule {
  return (value) => {
    const result = validateMemo(network, value);
    return result.ok ? undefined : ruleFailure(result.code, result.params);
  };
}
