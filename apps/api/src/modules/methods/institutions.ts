import type { BankInstitution } from '@rampart/contracts';
import { monogramLogo } from '../../providers/bank-link/logo';
import type { MethodsContext } from './context';

const normalise = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** Whether the flag blacklistedBanks (document 2, section 9) names this institution. */
export function isBlacklisted(ctx: Pick<MethodsContext, 'blacklistedBanks'>, institutionName: string): boolean {
  const name = normalise(institutionName);
  return ctx.blacklistedBanks.some((banned) => normalise(banned) === name);
}

/** The picker's catalogue (R17): every institution with its generated logo; blacklisted ones marked. */
export function listInstitutions(ctx: Pick<MethodsContext, 'bankLink' | 'blacklistedBanks'>): {
  institutions: BankInstitution[];
} {
  return {
    institutions: ctx.bankLink.institutions().map((institution) => ({
      id: institution.id,
      name: institution.name,
      logo: monogramLogo(institution.name),
      blacklisted: isBlacklisted(ctx, institution.name),
    })),
  };
}
