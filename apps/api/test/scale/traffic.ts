import {
  AssetWithdrawalListReply,
  AssetWithdrawalReply,
  AuthenticatedReply,
  BankAccountReply,
  ChallengeReply,
  DevOutboxResponse,
  HoldingsReply,
  OrderReply,
  PlaidLinkTokenReply,
  PlaidSandboxLinkReply,
  RampQuoteReply,
  SignInResponse,
  TransferReply,
  type AssetWithdrawal,
  type OutboxMessage,
  type RampOrder,
  type TransferView,
} from '@rampart/contracts';
import { call, sleep, Unreachable, type Reply } from './cluster';

/**
 * The client side of the scale and crash tests: users made through the public and sandbox routes, and the money
 * requests a real client sends (deposits, orders with their step-up code, withdrawals with their emailed link),
 * each spread over the API processes in turn as a load balancer would.
 *
 * `retrying` clients behave like the SPA after a crash: a request that got no answer (the process died), a 409
 * for a duplicate still in flight, or a 401/503 from a process that is going away, is sent again with the same
 * idempotency key to the next process until an answer comes. The key makes the retry safe.
 */
export const PASSWORD = 'correct horse battery staple';
export const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

export interface ClientStats {
  requests: number;
  retries: number;
  /** Replies the server marked as replays of a request it had already done (the key at work). */
  replays: number;
  serverErrors: string[];
}

export class Client {
  private next = 0;
  readonly stats: ClientStats = { requests: 0, retries: 0, replays: 0, serverErrors: [] };

  constructor(
    private readonly bases: () => string[],
    private readonly options: { retrying: boolean; giveUpMs?: number } = { retrying: false },
  ) {}

  /** The next API process (round robin), as a load balancer without sticky sessions picks one. */
  base(): string {
    const all = this.bases();
    const base = all[this.next % all.length]!;
    this.next += 1;
    return base;
  }

  /**
   * One request, sent until it gets an answer a user would act on. `accept` names the statuses that end it
   * (default 200). A 5xx is recorded (the suite fails on any) and retried like a lost answer.
   */
  async send(url: string, options: Parameters<typeof call>[2] & { accept?: number[] } = {}): Promise<Reply> {
    const accept = options.accept ?? [200];
    const started = Date.now();
    let attempt = 0;
    for (;;) {
      attempt += 1;
      if (attempt > 1) this.stats.retries += 1;
      this.stats.requests += 1;
      const base = this.base();
      let reply: Reply | null = null;
      let problem: string;
      try {
        reply = await call(base, url, options);
        if (accept.includes(reply.status)) {
          if (
            reply.headers.get('idempotent-replayed') === 'true' ||
            (reply.body as { replayed?: unknown } | null)?.replayed === true
          )
            this.stats.replays += 1;
          return reply;
        }
        problem = `${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`;
        if (reply.status >= 500) this.stats.serverErrors.push(`${url} -> ${problem}`);
      } catch (error) {
        if (!(error instanceof Unreachable)) throw error;
        problem = error.message;
      }
      const retryable =
        reply === null ||
        reply.status >= 500 ||
        (reply.status === 409 && (reply.body as { code?: string } | null)?.code === 'conflict');
      if (!this.options.retrying || !retryable)
        throw new Error(
          `${options.method ?? (options.body === undefined ? 'GET' : 'POST')} ${url} on ${base}: ${problem}`,
        );
      if (Date.now() - started > (this.options.giveUpMs ?? 150_000))
        throw new Error(`${url}: no answer after ${attempt} tries: ${problem}`);
      // A dead process is back within seconds; an in-flight duplicate's claim is taken over after 60 s (decision 018).
      await sleep(reply === null ? 150 + Math.min(attempt, 10) * 100 : 1000);
    }
  }

  async outbox(email: string): Promise<OutboxMessage[]> {
    const res = await this.send(`/api/dev/outbox?to=${encodeURIComponent(email)}`, { method: 'GET' });
    return DevOutboxResponse.parse(res.body).messages;
  }

  /** The code of the newest mail of this template (sign_up, mfa, trade). */
  async code(email: string, template: string): Promise<string> {
    const message = (await this.outbox(email)).find((m) => m.template === template);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    if (!code) throw new Error(`no ${template} code for ${email}`);
    return code;
  }
}

export interface User {
  email: string;
  token: string;
  bank: string;
}

/**
 * A verified user with USD in the balance, made as the sandbox screen makes one: sign-up with the emailed code,
 * sign-in with the emailed second factor, the sandbox's opened custodial account, funding, a linked bank, and
 * optionally USDS in the holdings to sell.
 */
export async function makeUser(client: Client, email: string, funding: { usd: string; usds?: string }): Promise<User> {
  await client.send('/api/identity/sign-up', { body: { email, password: PASSWORD } });
  await client.send('/api/identity/confirm-sign-up', { body: { email, code: await client.code(email, 'sign_up') } });
  const first = ChallengeReply.parse(
    (await client.send('/api/identity/sign-in', { body: { email, password: PASSWORD } })).body,
  );
  const second = await client.send('/api/identity/respond-to-challenge', {
    body: { challengeName: 'EMAIL_OTP', session: first.session, code: await client.code(email, 'mfa') },
  });
  const token = AuthenticatedReply.parse(SignInResponse.parse(second.body)).authenticationResult.accessToken;
  await client.send('/api/primetrust/sandbox/account/individual/create', { token, body: {} });
  await client.send('/api/primetrust/sandbox/account/fund', {
    token,
    body: { amount: funding.usd },
    headers: { 'idempotency-key': `fund-${email}` },
  });
  if (funding.usds) {
    await client.send('/api/primetrust-sandbox-asset-deposit', {
      token,
      body: { assetTicker: 'USDS', amount: funding.usds },
      headers: { 'idempotency-key': `usds-${email}` },
    });
  }
  const { linkToken } = PlaidLinkTokenReply.parse((await client.send('/api/plaid-ui-token', { token, body: {} })).body);
  const link = PlaidSandboxLinkReply.parse(
    (await client.send('/api/plaid-sandbox-link', { token, body: { linkToken, institutionId: 'ins_wells_fargo' } }))
      .body,
  );
  const account = link.accounts[0]!;
  const added = await client.send('/api/plaid-bank-account-add', {
    token,
    body: {
      publicToken: link.publicToken,
      accountId: account.id,
      account,
      institutionId: link.institutionId,
      institutionName: link.institutionName,
    },
  });
  return { email, token, bank: BankAccountReply.parse(added.body).account.primetrustFundsTransferMethodId };
}

/** An ACH deposit from the user's bank (pending until its settlement date), under an Idempotency-Key. */
export async function deposit(client: Client, user: User, amount: string, key: string): Promise<TransferView> {
  const res = await client.send('/api/transfers/deposit', {
    token: user.token,
    body: { method: 'primex_ach', amount, fundsTransferMethodId: user.bank },
    headers: { 'idempotency-key': key },
  });
  return TransferReply.parse(res.body).transfer;
}

export type OrderKind = 'buy' | 'buy-failing' | 'sell';

/**
 * An order as /trade places it: a firm quote under its idemId, the step-up challenge, the emailed trade code, the
 * order under the quote's id. `buy` takes USD from the balance and delivers USDS on the XRP Ledger; `buy-failing`
 * buys the sandbox gateway's failing amount, so its delivery fails and it is refunded; `sell` sells USDS from the holdings
 * into the USD balance.
 */
export async function placeOrder(
  client: Client,
  user: User,
  kind: OrderKind,
  amount: string,
  idemId: string,
): Promise<RampOrder> {
  const body =
    kind === 'sell'
      ? {
          sellAssetTicker: 'USDS',
          sellNetwork: 'xrpl',
          sellAmountTotal: amount,
          sellDeliveryMethod: 'holdings',
          buyAssetTicker: 'USD',
          buyNetwork: 'primex_usd',
          buyAddress: 'USD balance',
        }
      : {
          buyAssetTicker: 'USDS',
          buyNetwork: 'xrpl',
          buyAddress: XRPL_ADDRESS,
          sellAssetTicker: 'USD',
          sellNetwork: 'primex_usd',
          // The sandbox gateway refuses a delivery whose amount ends in .13: 100.14 USD buys 100.13 USDS.
          sellAmountTotal: kind === 'buy-failing' ? '100.14' : amount,
          sellDeliveryMethod: 'payment_method',
          sellAddress: 'USD balance',
        };
  const quote = RampQuoteReply.parse(
    (await client.send('/api/ramp/quote', { token: user.token, body: { ...body, idemId } })).body,
  ).quote;
  await client.send('/api/ramp/order-challenge', { token: user.token, body: { quoteId: quote.quoteId } });
  const code = await client.code(user.email, 'trade');
  const res = await client.send('/api/ramp/order', { token: user.token, body: { quoteId: quote.quoteId, code } });
  return OrderReply.parse(res.body).order;
}

/**
 * An ACH withdrawal to the user's bank under an Idempotency-Key, confirmed with the link of its email. A retried
 * confirmation whose first try went through is refused as used (400); the transfer then reads confirmed.
 */
export async function withdraw(client: Client, user: User, amount: string, key: string): Promise<TransferView> {
  const res = await client.send('/api/transfers/withdraw', {
    token: user.token,
    body: { method: 'primex_ach', amount, fundsTransferMethodId: user.bank },
    headers: { 'idempotency-key': key },
  });
  const transfer = TransferReply.parse(res.body).transfer;
  if (transfer.confirmation === 'confirmed') return transfer;
  // A user's requests go one after another, so the newest confirmation mail is this withdrawal's (a replayed
  // withdrawal mails nothing new).
  const mail = (await client.outbox(user.email)).find((m) => m.template === 'withdrawal-confirmation');
  const link = /withdrawals\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!link) throw new Error(`withdrawal ${transfer.transferId}: no confirmation link for ${user.email}`);
  const confirmed = await client.send('/api/transfers/confirm-withdrawal', {
    token: user.token,
    body: { token: link },
    accept: [200, 400],
  });
  if (confirmed.status === 200) return TransferReply.parse(confirmed.body).transfer;
  const now = TransferReply.parse(
    (await client.send('/api/transfers/get', { token: user.token, body: { transferId: transfer.transferId } })).body,
  ).transfer;
  if (now.confirmation !== 'confirmed')
    throw new Error(`withdrawal ${transfer.transferId}: confirmation refused: ${JSON.stringify(confirmed.body)}`);
  return now;
}

/**
 * USDS withdrawn from the holdings to an XRPL address under an Idempotency-Key, as the withdraw-crypto page does it:
 * the step-up's code (decision 054), then the link of the confirmation mail. A retried request whose first try
 * committed gets that withdrawal back (decision 049); a retried confirmation whose first try went through is refused
 * as used (400), and the withdrawal then reads confirmed.
 */
export async function withdrawAsset(client: Client, user: User, amount: string, key: string): Promise<AssetWithdrawal> {
  await client.send('/api/holdings/withdraw-challenge', { token: user.token, body: {} });
  const code = await client.code(user.email, 'withdrawal');
  const res = await client.send('/api/holdings/withdraw', {
    token: user.token,
    body: { assetTicker: 'USDS', network: 'xrpl', amount, address: XRPL_ADDRESS, code },
    headers: { 'idempotency-key': key },
  });
  const withdrawal = AssetWithdrawalReply.parse(res.body).withdrawal;
  const mail = (await client.outbox(user.email)).find((m) => m.template === 'asset-withdrawal-confirmation');
  const link = /withdraw-asset\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!link) throw new Error(`asset withdrawal ${withdrawal.withdrawalId}: no confirmation link for ${user.email}`);
  const confirmed = await client.send('/api/holdings/confirm-withdrawal', {
    token: user.token,
    body: { token: link },
    accept: [200, 400],
  });
  if (confirmed.status === 200) return AssetWithdrawalReply.parse(confirmed.body).withdrawal;
  const mine = AssetWithdrawalListReply.parse(
    (await client.send('/api/holdings/withdrawals', { token: user.token, body: {} })).body,
  ).withdrawals;
  const now = mine.find((w) => w.withdrawalId === withdrawal.withdrawalId);
  if (!now || now.status === 'awaiting_confirmation' || now.status === 'cancelled') {
    throw new Error(
      `asset withdrawal ${withdrawal.withdrawalId}: confirmation refused: ${JSON.stringify(confirmed.body)}`,
    );
  }
  return now;
}

export async function holdings(client: Client, user: User) {
  return HoldingsReply.parse(
    (await client.send('/api/primetrust-accounts-view', { token: user.token, body: {} })).body,
  );
}
