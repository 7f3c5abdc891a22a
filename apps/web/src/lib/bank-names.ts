/**
 * A linked bank account's names without saying the bank twice (decision 055): the custodian's nickname often starts
 * with the bank's name ("Wells Fargo Checking" at "Wells Fargo").
 */

/** The nickname without the bank's name in front: "Checking"; empty when the nickname is only the bank's name. */
export function nicknameWithoutBank({ bankName, nickname }: { bankName: string; nickname: string }): string {
  const bank = bankName.trim();
  const name = nickname.trim();
  if (bank !== '' && name.toLowerCase().startsWith(bank.toLowerCase()))
    return name.slice(bank.length).replace(/^[\s·,:/-]+/, '');
  return name;
}

/** "Wells Fargo Checking": the bank's name once, then the rest of the nickname. */
export function bankAccountName(account: { bankName: string; nickname: string }): string {
  const rest = nicknameWithoutBank(account);
  return rest === '' ? account.bankName.trim() : `${account.bankName.trim()} ${rest}`.trim();
}
