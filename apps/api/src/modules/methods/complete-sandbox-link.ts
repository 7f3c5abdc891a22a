import { AppError } from '../../lib/app-error';
import { serverMessage, type PlaidSandboxLinkReply, type PlaidSandboxLinkRequest } from '@rampart/contracts';
import { callBankLink } from './bank-link-errors';
import type { MethodsContext } from './context';
import { isBlacklisted } from './institutions';

/** The sandbox's link screen: the chosen institution → a public token and its accounts. Blacklisted banks stop here. */
export async function completeSandboxLink(
  ctx: MethodsContext,
  userId: string,
  input: PlaidSandboxLinkRequest,
): Promise<PlaidSandboxLinkReply> {
  const institution = ctx.bankLink.institutions().find((candidate) => candidate.id === input.institutionId);
  if (institution && isBlacklisted(ctx, institution.name))
    throw new AppError('bank_not_supported', {
      message: serverMessage('bankLink.bankNotSupported', { bankName: institution.name }),
    });
  const link = await callBankLink(() =>
    ctx.bankLink.completeLink({
      linkToken: input.linkToken,
      clientUserId: userId,
      institutionId: input.institutionId,
      now: ctx.clock.now(),
    }),
  );
  return {
    publicToken: link.publicToken,
    institutionId: link.institution.id,
    institutionName: link.institution.name,
    accounts: link.accounts,
  };
}
