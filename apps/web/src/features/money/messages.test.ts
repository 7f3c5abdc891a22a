import { describe, expect, it } from 'vitest';
import {
  SETTLEMENT_DESCRIPTIONS,
  TRANSFER_MESSAGES,
  WITHDRAWAL_METHOD_KEYS,
  DEPOSIT_METHOD_KEYS,
  TRANSFER_METHODS,
} from '@rampart/contracts';
import en from '../../locales/money/en.json';

describe('the money texts', () => {
  it("say the API's transfer messages word for word in English (document 2, section 5)", () => {
    for (const [key, text] of Object.entries(TRANSFER_MESSAGES))
      expect(en.messages[key as keyof typeof en.messages], key).toBe(text);
  });

  it("describe each method's settlement as the catalogue does (document 2, section 9)", () => {
    for (const key of new Set([...DEPOSIT_METHOD_KEYS, ...WITHDRAWAL_METHOD_KEYS])) {
      expect(en.settlements[TRANSFER_METHODS[key].settlementText], key).toBe(
        TRANSFER_METHODS[key].settlementDescription,
      );
      expect(en.methods[key].reach, key).toBe(TRANSFER_METHODS[key].reach);
    }
    expect(en.settlements).toEqual(SETTLEMENT_DESCRIPTIONS);
  });
});
