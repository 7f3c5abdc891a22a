import { describe, expect, it } from 'vitest';
import { RESTRICTED_COUNTRIES, RESTRICTED_US_STATES, isRestrictedCountry, isRestrictedRegion } from './jurisdictions';

describe('restricted jurisdictions (document 2, section 5)', () => {
  it('lists exactly the countries of the specification', () => {
    const spec =
      'AF, DZ, BD, BY, BO, BF, CM, CV, CF, CN, CU, EG, ER, ET, GH, HT, HN, IR, KE, KP, LB, LS, ML, MA, MZ, NA, NP, NG, PK, QA, RU, SA, SN, SL, LK, SY, TZ, UG, UA, AE, EH, ZM';
    expect([...RESTRICTED_COUNTRIES]).toEqual(spec.split(', '));
  });
  it('lists Hawaii, New York, South Dakota and Texas', () => {
    expect([...RESTRICTED_US_STATES].sort()).toEqual(['HI', 'NY', 'SD', 'TX']);
  });
  it('answers case-insensitively and only for US states', () => {
    expect(isRestrictedCountry('cu')).toBe(true);
    expect(isRestrictedCountry('US')).toBe(false);
    expect(isRestrictedRegion('US', 'tx')).toBe(true);
    expect(isRestrictedRegion('US', 'CA')).toBe(false);
    expect(isRestrictedRegion('CA', 'TX')).toBe(false);
  });
});
