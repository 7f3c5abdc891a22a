/* The hosted card form's behaviour (decision 017). Plain browser script, served from the API's origin so the strict
 * Content-Security-Policy ('self', no 'unsafe-inline') allows it. It posts the card to the card processor sandbox
 * with the form's token and tells the page that frames it what happened with window.parent.postMessage (same
 * origin only), or goes back to `returnTo` when it is not framed. The card number and CVC leave this page only
 * towards the processor; they are never put in a message, a URL or storage. */
/* global document, window, ResizeObserver */
(function () {
  'use strict';
  var root = document.getElementById('card-form-root');
  if (!root) return;
  var data = root.dataset;
  var purpose = data.purpose || null;
  var framed = window.parent !== window;
  var origin = window.location.origin;
  var form = document.getElementById('card-form');
  var summary = document.getElementById('form-error');
  var done = document.getElementById('form-done');
  var submit = document.getElementById('submit');
  var cancel = document.getElementById('cancel');
  var FIELDS = ['number', 'expMonth', 'expYear', 'cvc', 'nickname'];

  function tell(message) {
    message.type = 'rampart-card';
    if (framed) window.parent.postMessage(message, origin);
  }

  /** Not framed: back to the page that opened the form, with what happened (ids only, never card data). */
  function goBack(params) {
    if (framed) return;
    var target = new URL(data.returnTo || '/', origin);
    Object.keys(params).forEach(function (key) {
      if (params[key] !== undefined && params[key] !== null) target.searchParams.set(key, String(params[key]));
    });
    window.location.assign(target.pathname + target.search);
  }

  function height() {
    return Math.ceil(document.documentElement.scrollHeight);
  }

  function fieldError(name, message) {
    var input = document.getElementById(name);
    var error = document.getElementById(name + '-error');
    if (!input || !error) return false;
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
    error.textContent = message || '';
    error.hidden = !message;
    return true;
  }

  function showSummary(message) {
    summary.textContent = message || '';
    summary.hidden = !message;
    if (message) summary.focus();
  }

  function clearErrors() {
    FIELDS.forEach(function (name) {
      fieldError(name, '');
    });
    showSummary('');
  }

  function busy(on) {
    if (!submit) return;
    if (on) {
      submit.dataset.label = submit.textContent;
      submit.textContent = data.msgProcessing;
    } else if (submit.dataset.label) {
      submit.textContent = submit.dataset.label;
    }
    submit.disabled = on;
    submit.setAttribute('aria-busy', on ? 'true' : 'false');
  }

  function value(name) {
    var input = document.getElementById(name);
    return input ? input.value : undefined;
  }

  function finish(message) {
    if (form) form.hidden = true;
    done.textContent = message;
    done.hidden = false;
    done.focus();
  }

  /** The processor's refusal: each field's message beside its input, then a summary that takes the focus. */
  function showErrors(body) {
    var fields = (body && body.errors && body.errors.fields) || {};
    var first = null;
    var other = [];
    Object.keys(fields).forEach(function (name) {
      if (fieldError(name, fields[name])) {
        if (!first) first = name;
      } else {
        other.push(fields[name]);
      }
    });
    if (fields.token) tell({ event: 'expired', purpose: purpose, token: data.token });
    var text = other.length > 0 ? other.join(' ') : first ? data.msgSummary : (body && body.message) || data.msgNetwork;
    showSummary(text);
  }

  function send(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (json) {
        return { ok: response.ok, body: json };
      });
    });
  }

  function addCard() {
    var nickname = (value('nickname') || '').trim();
    return send('/api/card-processor/sandbox/cards', {
      token: data.token,
      number: value('number'),
      expMonth: value('expMonth'),
      expYear: value('expYear'),
      cvc: value('cvc'),
      lang: data.lang,
    }).then(function (result) {
      if (!result.ok) return showErrors(result.body);
      var card = result.body;
      tell({
        event: 'card-added',
        fundsTransferMethodId: card.fundsTransferMethodId,
        nickname: nickname,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      });
      finish(data.msgAdded);
      goBack({
        cardEvent: 'card-added',
        fundsTransferMethodId: card.fundsTransferMethodId,
        nickname: nickname || null,
      });
    });
  }

  function charge() {
    return send('/api/card-processor/sandbox/charges', { token: data.token, cvc: value('cvc'), lang: data.lang }).then(
      function (result) {
        if (!result.ok) return showErrors(result.body);
        var reply = result.body;
        var ids = {
          contributionId: reply.contributionId,
          authorizationId: reply.authorizationId,
          fundsTransferMethodId: reply.fundsTransferMethodId,
        };
        if (reply.status === 'approved') {
          tell(Object.assign({ event: 'charge-authorized' }, ids));
          finish(data.msgAuthorized);
          goBack(Object.assign({ cardEvent: 'charge-authorized' }, ids));
        } else {
          tell(Object.assign({ event: 'charge-declined', message: reply.message }, ids));
          if (form) form.hidden = true;
          showSummary(reply.message);
          goBack(Object.assign({ cardEvent: 'charge-declined' }, ids));
        }
      },
    );
  }

  if (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (submit && submit.disabled) return;
      clearErrors();
      busy(true);
      var run = purpose === 'charge' ? charge : addCard;
      run()
        .catch(function () {
          showSummary(data.msgNetwork);
        })
        .then(function () {
          busy(false);
        });
    });
  }

  if (cancel) {
    cancel.addEventListener('click', function () {
      tell({ event: 'cancelled', purpose: purpose || 'add' });
      goBack({ cardEvent: 'cancelled', contributionId: data.contributionId || null });
    });
  }

  if (data.state === 'dead') {
    tell({ event: 'expired', purpose: purpose, token: data.token });
  } else {
    tell({ event: 'ready', purpose: purpose, height: height() });
    var first = document.getElementById(purpose === 'charge' ? 'cvc' : 'number');
    if (first && !framed) first.focus();
  }

  if (typeof ResizeObserver === 'function') {
    var last = height();
    new ResizeObserver(function () {
      var next = height();
      if (next !== last) {
        last = next;
        tell({ event: 'resize', height: next });
      }
    }).observe(document.body);
  }
})();
