/**
 * What a form shows for each outcome of a submit (lib/forms/outcome.ts), as the form hook sets
 * it: the first failure on its group, scrolled to; a refusal on its field's group or above the
 * buttons; a wait for too many attempts in minutes; a network failure; nothing for a cancel.
 * And checkout's own fields for what is chosen (lib/checkout/checkout-fields.ts).
 */
import { describe, expect, it } from 'vitest';
import { checkoutFields, storeCodeLabel } from '../../src/lib/checkout/checkout-fields.ts';
import type { FieldSpec } from '../../src/lib/forms/form.ts';
import { createTranslator } from '../../src/lib/i18n/translator.ts';
import { codeText, outcomeDisplay, withGroupError } from '../../src/lib/forms/outcome.ts';

const t = createTranslator({
  errors: {
    UR_NAME_REQUIRED: 'Enter your name',
    TOO_MANY_ATTEMPTS_WAIT: 'Try again in {{minutes}} minutes',
    interfaceException: 'It did not go through',
  },
});
const refusal = (group: string | null, retryAfterSeconds: number | null = null) =>
  ({
    kind: 'refused',
    group,
    info: { msgCode: 'UR_NAME_REQUIRED', msg: 'name missing', resp: null, data: {}, groupErrors: {}, retryAfterSeconds },
  }) as const;

describe('codeText', () => {
  it("is the catalogue's text, else the API's msg, else the code", () => {
    expect(codeText(t, 'UR_NAME_REQUIRED', 'ignored')).toBe('Enter your name');
    expect(codeText(t, 'SOMETHING_NEW', 'The API says so')).toBe('The API says so');
    expect(codeText(t, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});

describe('outcomeDisplay', () => {
  it('a field that fails: its text on its group alone, scrolled to with the field', () => {
    expect(outcomeDisplay({ kind: 'invalid', failure: { field: 'name', group: 'who', code: 'UR_NAME_REQUIRED' } }, t)).toEqual({
      errors: { who: 'Enter your name' },
      formError: null,
      scrollTo: { group: 'who', field: 'name' },
    });
  });

  it('placed: every error cleared', () => {
    expect(outcomeDisplay({ kind: 'ok', data: {}, sent: {} }, t)).toEqual({ errors: {}, formError: null, scrollTo: null });
  });

  it("refused: on the group of the API's field, scrolled to; with no group, above the buttons; a wait in whole minutes", () => {
    expect(outcomeDisplay(refusal('who'), t)).toEqual({
      errors: { who: 'Enter your name' },
      formError: null,
      scrollTo: { group: 'who', field: null },
    });
    expect(outcomeDisplay(refusal(null), t)).toEqual({ errors: {}, formError: 'Enter your name', scrollTo: null });
    expect(outcomeDisplay(refusal(null, 61), t).formError).toBe('Try again in 2 minutes');
  });

  it('a network failure says it did not go through and leaves the fields; a cancel or an abort shows nothing', () => {
    expect(outcomeDisplay({ kind: 'network', error: new Error('down') }, t)).toEqual({
      errors: null,
      formError: 'It did not go through',
      scrollTo: null,
    });
    for (const kind of ['cancelled', 'aborted', 'unauthorized'] as const)
      expect(outcomeDisplay({ kind }, t)).toEqual({ errors: null, formError: null, scrollTo: null });
  });
});

describe('withGroupError', () => {
  it('sets or clears one group, keeping the others; clearing one without an error keeps the same object', () => {
    const errors = { a: 'x' };
    expect(withGroupError(errors, 'b', 'y')).toEqual({ a: 'x', b: 'y' });
    expect(withGroupError(errors, 'a', null)).toEqual({});
    expect(withGroupError(errors, 'b', null)).toBe(errors);
  });
});

describe("checkout's fields", () => {
  const invoice: FieldSpec[] = [{ name: 'invoiceType' }];
  const names = (values: Record<string, string>) => checkoutFields(values, invoice).map((f) => f.name);

  it('the address for home delivery, the store for a store, the channel for online payment; the invoice between', () => {
    expect(names({ deliveryType: 'EXPRESS_HOME', paymentMethod: 'COD' })).toEqual([
      'deliveryType',
      'addressId',
      'invoiceType',
      'paymentMethod',
    ]);
    expect(names({ deliveryType: 'STORE_PICKUP', paymentMethod: 'ONLINE' })).toEqual([
      'deliveryType',
      'storeCode',
      'invoiceType',
      'paymentMethod',
      'payChannel',
    ]);
    expect(names({})).toEqual(['deliveryType', 'invoiceType', 'paymentMethod']);
  });

  it("a typed store code's label: the chains' and the lockers'; none for a pickup shop or home", () => {
    expect(storeCodeLabel('CVS_711')).toBe('checkout.cvsStore');
    expect(storeCodeLabel('LOCKER')).toBe('checkout.lockerStore');
    expect(storeCodeLabel('STORE_PICKUP')).toBeNull();
    expect(storeCodeLabel('EXPRESS_HOME')).toBeNull();
  });
});
