import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARD_FORM_LANGUAGES,
  CardProcessorAddCardReply,
  CardProcessorAddCardRequest,
  CardProcessorChargeReply,
  CardProcessorChargeRequest,
  type CardFormLanguage,
} from '@rampart/contracts';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { errorResponses } from '../../../lib/schemas';
import { contentSecurityPolicy } from '../../../plugins/security';
import { CardFieldErrors } from '../../../providers/card-processor/card-rules';
import { isCardProcessorError, type CardProcessorError } from '../../../providers/card-processor/types';
import { fromMinorUnits } from '../../ledger';
import type { CardsContext } from '../context';
import { findCardContributionOfUser } from '../repository';
import { renderCardForm, type CardFormView } from './render-form';
import { errorText } from './strings';

const tags = ['card form'];

/**
 * The form's own files. Beside this module when run from source; from the API bundle (apps/api/dist/main.js) the
 * same folder is reached through ../src.
 */
function assetDirectory(): URL {
  const candidates = [new URL('./', import.meta.url), new URL('../src/modules/cards/hosted-form/', import.meta.url)];
  const found = candidates.find((dir) => existsSync(fileURLToPath(new URL('form.js', dir))));
  if (!found) throw new Error('The hosted card form files (form.js, form.css) were not found');
  return found;
}

/** The strict policy, except that the form may be framed by this origin's own pages (the SPA embeds it). */
export function cardFormPolicy(config: Pick<Config, 'adBlockProbeUrl'>): string {
  const directives: Record<string, string[] | null> = { ...contentSecurityPolicy(config), frameAncestors: ["'self'"] };
  return Object.entries(directives)
    .filter((entry): entry is [string, string[]] => Array.isArray(entry[1]))
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');
}

const Lang = z.enum(CARD_FORM_LANGUAGES).catch('en');
/** Only a path of this origin (no scheme, no //host, no backslash): anything else goes back to '/'. */
const ReturnTo = z
  .string()
  .regex(/^\/(?![/\\])[\x21-\x7e]{0,500}$/)
  .refine((value) => !value.includes('\\'))
  .catch('/');
const FormQuery = z.object({
  token: z.string().max(200).optional().catch(undefined),
  lang: Lang.optional(),
  returnTo: ReturnTo.optional(),
});

/** A processor refusal in the form's language, with the validation shape (errors.errors, errors.fields). */
function localised(error: CardProcessorError | CardFieldErrors, lang: CardFormLanguage): AppError {
  const list = error instanceof CardFieldErrors ? error.errors : [error];
  const fields = Object.fromEntries(list.map((e) => [e.field, errorText(lang, e.code, e.cvcLength)]));
  const first = list[0];
  const details = { errors: Object.values(fields), fields };
  if (first && (first.code === 'token_invalid' || first.code === 'token_used')) {
    return new AppError(first.code === 'token_used' ? 'card_token_used' : 'card_token_invalid', {
      message: fields['token'] ?? '',
      details,
    });
  }
  if (first && ['card_declined', 'insufficient_funds', 'incorrect_cvc', 'debit_only'].includes(first.code)) {
    return new AppError('card_declined', { message: fields[first.field] ?? '', details });
  }
  return new AppError('validation_failed', { details });
}

async function inLanguage<T>(lang: CardFormLanguage, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isCardProcessorError(error) || error instanceof CardFieldErrors) throw localised(error, lang);
    throw error;
  }
}

/**
 * The hosted card form (decision 017): `GET /api/card-form?token=…&lang=en|es&returnTo=/path` is the page, its
 * script and stylesheet are files of this folder, and the form posts to the card processor sandbox's calls with its
 * token (no bearer: a real hosted form does not see the merchant's session). Refusals come back in the form's
 * language under their field.
 */
export const cardFormRoutes: FastifyPluginAsyncZod<{
  ctx: CardsContext;
  config: Pick<Config, 'adBlockProbeUrl'>;
}> = async (app, { ctx, config }) => {
  const dir = assetDirectory();
  const script = readFileSync(new URL('form.js', dir), 'utf8');
  const stylesheet = readFileSync(new URL('form.css', dir), 'utf8');
  const policy = cardFormPolicy(config);

  const asset = (reply: FastifyReply, type: string, body: string) =>
    reply.header('cache-control', 'public, max-age=300').type(type).send(body);
  app.get('/card-form/form.js', { schema: { hide: true } }, async (_request, reply) =>
    asset(reply, 'text/javascript; charset=utf-8', script),
  );
  app.get('/card-form/form.css', { schema: { hide: true } }, async (_request, reply) =>
    asset(reply, 'text/css; charset=utf-8', stylesheet),
  );

  app.get('/card-form', { schema: { hide: true, querystring: FormQuery } }, async (request, reply) => {
    const { token = '', lang = 'en', returnTo = '/' } = request.query;
    const now = ctx.clock.now();
    const info = token ? await ctx.processor.inspectFormToken(token, now) : null;
    let view: CardFormView = { kind: 'dead', token, purpose: info?.purpose ?? null };
    if (info?.state === 'valid' && info.purpose === 'add') view = { kind: 'add', token };
    if (info?.state === 'valid' && info.purpose === 'charge' && info.card && info.reference) {
      const contribution = await findCardContributionOfUser(ctx.db, info.customerId, info.reference);
      if (contribution?.status === 'awaiting_authorization') {
        const amount = BigInt(contribution.amount);
        const fee = BigInt(contribution.fee);
        view = {
          kind: 'charge',
          token,
          card: info.card,
          contributionId: contribution.id,
          amount: fromMinorUnits(amount, 'USD'),
          fee: fromMinorUnits(fee, 'USD'),
          total: fromMinorUnits(amount + fee, 'USD'),
        };
      }
    }
    return reply
      .code(view.kind === 'dead' ? 410 : 200)
      .header('content-security-policy', policy)
      .header('x-frame-options', 'SAMEORIGIN')
      .type('text/html; charset=utf-8')
      .send(renderCardForm(view, lang, returnTo));
  });

  app.post(
    '/card-processor/sandbox/cards',
    {
      schema: {
        tags,
        summary:
          "The hosted form's add step (card processor sandbox): checks and tokenises a card; the form's token, single use",
        body: CardProcessorAddCardRequest,
        response: { 200: CardProcessorAddCardReply, ...errorResponses },
      },
    },
    async (request) => {
      const { token, lang = 'en', ...card } = request.body;
      const added = await inLanguage(lang, () => ctx.processor.addCard({ token, card, now: ctx.clock.now() }));
      return {
        fundsTransferMethodId: added.id,
        brand: added.brand,
        last4: added.last4,
        expMonth: added.expMonth,
        expYear: added.expYear,
        funding: added.funding,
      };
    },
  );

  app.post(
    '/card-processor/sandbox/charges',
    {
      schema: {
        tags,
        summary:
          "The hosted form's charge step (card processor sandbox): the CVC again, then an authorization, approved or declined",
        body: CardProcessorChargeRequest,
        response: { 200: CardProcessorChargeReply, ...errorResponses },
      },
    },
    async (request) => {
      const { token, cvc, lang = 'en' } = request.body;
      const authorization = await inLanguage(lang, () => ctx.processor.charge({ token, cvc, now: ctx.clock.now() }));
      return {
        authorizationId: authorization.id,
        status: authorization.status === 'approved' ? ('approved' as const) : ('declined' as const),
        contributionId: authorization.reference,
        fundsTransferMethodId: authorization.cardId,
        declineCode: authorization.declineCode,
        message: authorization.declineCode ? errorText(lang, authorization.declineCode) : null,
      };
    },
  );
};
