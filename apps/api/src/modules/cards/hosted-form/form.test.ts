import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CardFormMessage } from '@rampart/contracts';
import type { ProcessorCard } from '../../../providers/card-processor/types';
import { renderCardForm, type CardFormView } from './render-form';

/** The few jsdom surfaces this test touches (jsdom ships no types here; the API's tsconfig has no DOM library). */
interface Element {
  textContent: string | null;
  hidden: boolean;
  value: string;
  disabled: boolean;
  getAttribute(name: string): string | null;
  dispatchEvent(event: unknown): boolean;
  click(): void;
}
interface FormWindow {
  document: { getElementById(id: string): Element | null; activeElement: Element | null };
  Event: new (type: string, init?: { cancelable?: boolean; bubbles?: boolean }) => unknown;
  eval(code: string): unknown;
  fetch: unknown;
}
interface Jsdom {
  window: FormWindow;
}

const ORIGIN = 'https://rampart.test';
const script = readFileSync(new URL('./form.js', import.meta.url), 'utf8');
const visa: ProcessorCard = {
  id: '0b5b7f3c-2f4e-4c55-9a8e-2f1f0d6a9c11',
  customerId: 'u',
  brand: 'visa',
  last4: '4242',
  expMonth: 4,
  expYear: 2031,
  funding: 'debit',
  detached: false,
};

interface Reply {
  ok: boolean;
  body: unknown;
}

/** The page rendered by the API, framed by a parent that records its messages, with a scripted processor. */
async function openForm(view: CardFormView, replies: Reply[], lang: 'en' | 'es' = 'en') {
  const jsdomModule = 'jsdom';
  const { JSDOM } = (await import(jsdomModule)) as { JSDOM: new (html: string, options: object) => Jsdom };
  const dom = new JSDOM(renderCardForm(view, lang, '/trade/method'), {
    url: `${ORIGIN}/api/card-form?token=${view.token}`,
    runScripts: 'outside-only',
  });
  const { window } = dom;
  const messages: Array<{ message: unknown; targetOrigin: string }> = [];
  Object.defineProperty(window, 'parent', {
    value: {
      postMessage: (message: unknown, targetOrigin: string) =>
        messages.push({ message: JSON.parse(JSON.stringify(message)), targetOrigin }),
    },
  });
  const requests: Array<{ url: string; body: Record<string, unknown> }> = [];
  window.fetch = async (url: string, init: { body: string }) => {
    requests.push({ url, body: JSON.parse(init.body) as Record<string, unknown> });
    const reply = replies.shift();
    if (!reply) throw new Error('network down');
    return { ok: reply.ok, json: async () => reply.body };
  };
  window.eval(script);
  const $ = (id: string) => {
    const element = window.document.getElementById(id);
    if (!element) throw new Error(`no #${id}`);
    return element;
  };
  async function submit() {
    $('card-form').dispatchEvent(new window.Event('submit', { cancelable: true, bubbles: true }));
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return {
    window,
    $,
    messages,
    requests,
    submit,
    events: () => messages.map((m) => CardFormMessage.parse(m.message).event),
  };
}

interface AxeResults {
  violations: Array<{ id: string; nodes: Array<{ html: string }> }>;
}

/** axe-core (the e2e suites' accessibility checker) run inside the page; layout-bound rules need a real browser. */
async function axeViolations(view: CardFormView, lang: 'en' | 'es') {
  const form = await openForm(view, [], lang);
  form.window.eval(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  const axe = (form.window as unknown as { axe: { run(context: unknown, options: object): Promise<AxeResults> } }).axe;
  const results = await axe.run(form.window.document, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('the hosted card form script', () => {
  it('has no accessibility violations in any of its states, in English and Spanish', async () => {
    const charge: CardFormView = {
      kind: 'charge',
      token: 't',
      card: visa,
      contributionId: 'c',
      amount: '100.00',
      fee: '4.00',
      total: '104.00',
    };
    for (const lang of ['en', 'es'] as const) {
      expect(await axeViolations({ kind: 'add', token: 't' }, lang)).toEqual([]);
      expect(await axeViolations(charge, lang)).toEqual([]);
      expect(await axeViolations({ kind: 'dead', token: 't', purpose: 'add' }, lang)).toEqual([]);
    }
  });

  it('says ready to the framing page, posts the card to the processor and reports card-added (ids only) to this origin', async () => {
    const form = await openForm({ kind: 'add', token: 'cft_add' }, [
      {
        ok: true,
        body: {
          fundsTransferMethodId: visa.id,
          brand: 'visa',
          last4: '4242',
          expMonth: 4,
          expYear: 2031,
          funding: 'debit',
        },
      },
    ]);
    expect(form.events()).toEqual(['ready']);
    expect(form.messages[0]?.targetOrigin).toBe(ORIGIN);
    form.$('number').value = '4242 4242 4242 4242';
    form.$('expMonth').value = '04';
    form.$('expYear').value = '31';
    form.$('cvc').value = '123';
    form.$('nickname').value = ' Groceries ';
    await form.submit();
    expect(form.requests).toEqual([
      {
        url: '/api/card-processor/sandbox/cards',
        body: {
          token: 'cft_add',
          number: '4242 4242 4242 4242',
          expMonth: '04',
          expYear: '31',
          cvc: '123',
          lang: 'en',
        },
      },
    ]);
    expect(form.events()).toEqual(['ready', 'card-added']);
    expect(CardFormMessage.parse(form.messages[1]?.message)).toEqual({
      type: 'rampart-card',
      event: 'card-added',
      fundsTransferMethodId: visa.id,
      nickname: 'Groceries',
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2031,
    });
    expect(JSON.stringify(form.messages)).not.toMatch(/4242 4242|4242424242424242|"123"/);
    expect(form.$('form-done').hidden).toBe(false);
    expect(form.$('form-done').textContent).toBe('Your card was added.');
    expect(form.$('card-form').hidden).toBe(true);
  });

  it('shows the processor refusals beside their fields, marks them invalid and sums them up in an alert', async () => {
    const refusal = {
      message: 'validation error',
      errors: {
        errors: ['El número de tu tarjeta no es válido.'],
        fields: { number: 'El número de tu tarjeta no es válido.' },
      },
    };
    const form = await openForm(
      { kind: 'add', token: 'cft_add' },
      [
        { ok: false, body: refusal },
        {
          ok: false,
          body: {
            message: 'x',
            errors: { errors: [], fields: { token: 'Este formulario de tarjeta ha caducado. Ábrelo de nuevo.' } },
          },
        },
      ],
      'es',
    );
    await form.submit();
    expect(form.$('number-error').hidden).toBe(false);
    expect(form.$('number-error').textContent).toBe('El número de tu tarjeta no es válido.');
    expect(form.$('number').getAttribute('aria-invalid')).toBe('true');
    expect(form.$('cvc').getAttribute('aria-invalid')).toBe('false');
    expect(form.$('form-error').textContent).toBe('Corrige los campos marcados.');
    expect(form.$('submit').disabled).toBe(false);
    expect(form.$('submit').textContent).toBe('Añadir tarjeta');
    // A dead token: its message in the alert, and the framing page is told to refresh it.
    await form.submit();
    expect(form.$('number').getAttribute('aria-invalid')).toBe('false');
    expect(form.$('form-error').textContent).toBe('Este formulario de tarjeta ha caducado. Ábrelo de nuevo.');
    expect(form.events()).toEqual(['ready', 'expired']);
    // The network fails: a message, never a stuck button.
    await form.submit();
    expect(form.$('form-error').textContent).toBe('Algo salió mal. Inténtalo de nuevo.');
    expect(form.$('submit').disabled).toBe(false);
  });

  it('charge step: the CVC goes to the processor; approved and declined reach the framing page with the ids', async () => {
    const view: CardFormView = {
      kind: 'charge',
      token: 'cft_charge',
      card: visa,
      contributionId: '7a1f9a52-8c1e-4e7b-b1f6-3b0e1d2c3a4f',
      amount: '100.00',
      fee: '4.00',
      total: '104.00',
    };
    const ids = {
      contributionId: view.contributionId,
      authorizationId: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      fundsTransferMethodId: visa.id,
    };
    const approved = await openForm(view, [
      { ok: true, body: { ...ids, status: 'approved', declineCode: null, message: null } },
    ]);
    approved.$('cvc').value = '123';
    await approved.submit();
    expect(approved.requests).toEqual([
      { url: '/api/card-processor/sandbox/charges', body: { token: 'cft_charge', cvc: '123', lang: 'en' } },
    ]);
    expect(CardFormMessage.parse(approved.messages[1]?.message)).toEqual({
      type: 'rampart-card',
      event: 'charge-authorized',
      ...ids,
    });
    expect(approved.$('form-done').textContent).toBe('Your card deposit was authorized.');

    const declined = await openForm(view, [
      {
        ok: true,
        body: {
          ...ids,
          status: 'declined',
          declineCode: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      },
    ]);
    declined.$('cvc').value = '123';
    await declined.submit();
    expect(CardFormMessage.parse(declined.messages[1]?.message)).toEqual({
      type: 'rampart-card',
      event: 'charge-declined',
      ...ids,
      message: 'Your card has insufficient funds.',
    });
    expect(declined.$('form-error').textContent).toBe('Your card has insufficient funds.');
  });

  it('Cancel tells the framing page; a dead form says expired at once', async () => {
    const form = await openForm({ kind: 'add', token: 'cft_add' }, []);
    form.$('cancel').click();
    expect(CardFormMessage.parse(form.messages[1]?.message)).toEqual({
      type: 'rampart-card',
      event: 'cancelled',
      purpose: 'add',
    });
    const dead = await openForm({ kind: 'dead', token: 'cft_old', purpose: 'charge' }, []);
    expect(dead.messages.map((m) => CardFormMessage.parse(m.message))).toEqual([
      { type: 'rampart-card', event: 'expired', purpose: 'charge', token: 'cft_old' },
    ]);
  });
});
