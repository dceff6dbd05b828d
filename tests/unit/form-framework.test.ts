/**
 * The form framework's rules (src/lib/forms): which fields are checked and in what order,
 * the required / minimum-length / custom order, the space policy, and a submit from the first
 * check to the API's answer (hook, data processor, refusals on their group, network failures).
 */
import { describe, expect, it, vi } from 'vitest';
import { BUTTON_DEFAULT_HEIGHT_PX, BUTTON_MAX_RADIUS_PX, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/lib/constants.ts';
import type { ApiResult } from '../../src/lib/api/core.ts';
import { buttonRadius } from '../../src/lib/forms/button.ts';
import { emailField, newPasswordField } from '../../src/lib/forms/common-fields.ts';
import {
  applySpacePolicy,
  checkField,
  firstFailure,
  groupOfApiField,
  MIN_LENGTH_CODE,
  runSubmit,
  type FieldSpec,
} from '../../src/lib/forms/form.ts';

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data });

describe('constants the framework pins', () => {
  it('password lengths are 8 to 20', () => expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 20]));
  it('the minimum-length code is VALUE_CANNOT_LESS_THAN_MINLENGTH', () => expect(MIN_LENGTH_CODE).toBe('VALUE_CANNOT_LESS_THAN_MINLENGTH'));
});

describe('checkField: required, then minimum length, then the custom check', () => {
  it('fails empty and spaces-only values with the field’s required code', async () => {
    const field: FieldSpec = { name: 'name', required: 'UR_NAME_REQUIRED' };
    expect(await checkField(field, { name: '' })).toBe('UR_NAME_REQUIRED');
    expect(await checkField(field, { name: '   \t ' })).toBe('UR_NAME_REQUIRED');
    expect(await checkField(field, {})).toBe('UR_NAME_REQUIRED');
    expect(await checkField(field, { name: 'Mei' })).toBeNull();
  });
  it('lets an optional empty field pass without running its custom check', async () => {
    const validate = vi.fn(() => 'NEVER');
    expect(await checkField({ name: 'zip', validate }, { zip: '' })).toBeNull();
    expect(validate).not.toHaveBeenCalled();
  });
  it('fails a short value with the supplied code, or VALUE_CANNOT_LESS_THAN_MINLENGTH', async () => {
    expect(await checkField({ name: 'code', minLength: 6 }, { code: '12345' })).toBe('VALUE_CANNOT_LESS_THAN_MINLENGTH');
    expect(await checkField({ name: 'code', minLength: 6, minLengthCode: 'CODE_SHORT' }, { code: '12345' })).toBe('CODE_SHORT');
    expect(await checkField({ name: 'code', minLength: 6 }, { code: '123456' })).toBeNull();
  });
  it('counts characters, not UTF-16 units, for the minimum length', async () => {
    expect(await checkField({ name: 'name', minLength: 2 }, { name: '𠮷' })).toBe(MIN_LENGTH_CODE);
    expect(await checkField({ name: 'name', minLength: 2 }, { name: '𠮷野' })).toBeNull();
  });
  it('runs the custom check only after required and minimum length pass', async () => {
    const validate = vi.fn(() => 'CUSTOM');
    const field: FieldSpec = { name: 'x', required: 'REQ', minLength: 3, validate };
    expect(await checkField(field, { x: '' })).toBe('REQ');
    expect(await checkField(field, { x: 'ab' })).toBe(MIN_LENGTH_CODE);
    expect(validate).not.toHaveBeenCalled();
    expect(await checkField(field, { x: 'abc' })).toBe('CUSTOM');
    expect(validate).toHaveBeenCalledWith('abc', { x: 'abc' });
  });
  it('takes true, an error code or a promise of either from the custom check', async () => {
    expect(await checkField({ name: 'x', validate: () => true }, { x: 'a' })).toBeNull();
    expect(await checkField({ name: 'x', validate: async () => 'LATER' }, { x: 'a' })).toBe('LATER');
    expect(await checkField({ name: 'x', validate: async () => true as const }, { x: 'a' })).toBeNull();
  });
  it('gives a check the other values (a confirmation field)', async () => {
    const confirm: FieldSpec = { name: 'again', validate: (v, all) => v === all.password || 'UR_PASSWORD_MISMATCH' };
    expect(await checkField(confirm, { password: 'Linea2026', again: 'Linea2027' })).toBe('UR_PASSWORD_MISMATCH');
    expect(await checkField(confirm, { password: 'Linea2026', again: 'Linea2026' })).toBeNull();
  });
});

describe('firstFailure: one field at a time, in order, stopping at the first failure', () => {
  it('answers the first failing field and never checks the ones after it', async () => {
    const later = vi.fn(() => 'LATER');
    const failure = await firstFailure(
      [
        { name: 'name', required: 'UR_NAME_REQUIRED' },
        emailField(),
        { name: 'password', required: 'UR_PASSWORD_REQUIRED', validate: later },
      ],
      { name: 'Mei', email: 'bad', password: 'x' },
    );
    expect(failure).toEqual({ field: 'email', group: 'email', code: 'UR_EMAIL_06' });
    expect(later).not.toHaveBeenCalled();
  });
  it('gives the empty-email code UR_EMAIL_08 before the format code UR_EMAIL_06', async () => {
    expect(await firstFailure([emailField()], { email: '   ' })).toMatchObject({ code: 'UR_EMAIL_08' });
    expect(await firstFailure([emailField()], { email: 'mei@' })).toMatchObject({ code: 'UR_EMAIL_06' });
  });
  it('skips read-only and disabled fields, unless a read-only one is flagged to validate anyway', async () => {
    const values = { locked: '', off: '', flagged: '' };
    expect(await firstFailure([{ name: 'locked', required: 'A', readOnly: true }], values)).toBeNull();
    expect(await firstFailure([{ name: 'off', required: 'B', disabled: true }], values)).toBeNull();
    expect(await firstFailure([{ name: 'flagged', required: 'C', readOnly: true, validateReadOnly: true }], values)).toMatchObject({
      code: 'C',
    });
    // A disabled field is skipped even when flagged.
    expect(await firstFailure([{ name: 'off', required: 'D', disabled: true, validateReadOnly: true }], values)).toBeNull();
  });
  it('reports the failure on the field’s group', async () => {
    expect(await firstFailure([{ name: 'taxId', group: 'company', required: 'OD_INVOICE_TAX_ID' }], {})).toEqual({
      field: 'taxId',
      group: 'company',
      code: 'OD_INVOICE_TAX_ID',
    });
  });
  it('passes valid input', async () => {
    expect(await firstFailure([emailField(), newPasswordField()], { email: 'mei@example.com', password: 'Linea2026' })).toBeNull();
  });
  it('checks the new-password rule: 8–20 characters with a digit and a letter', async () => {
    const check = (password: string) => checkField(newPasswordField(), { password });
    expect(await check('')).toBe('UR_PASSWORD_REQUIRED');
    expect(await check('abcdefgh')).toBe('UR_PASSWORD_FORMAT');
    expect(await check('abc1234')).toBe('UR_PASSWORD_FORMAT');
    expect(await check('a'.repeat(20) + '1')).toBe('UR_PASSWORD_FORMAT');
    expect(await check('abcd1234')).toBeNull();
  });
});

describe('applySpacePolicy: every kind of whitespace allowed unless a flag says no', () => {
  const text = '  Chan  Tai Man \t';
  it('keeps the value as typed by default', () => expect(applySpacePolicy(text, undefined)).toBe(text));
  it('allowSpace false removes every whitespace character', () => expect(applySpacePolicy(text, { allowSpace: false })).toBe('ChanTaiMan'));
  it('allowSpaceLead false removes leading whitespace only', () =>
    expect(applySpacePolicy(text, { allowSpaceLead: false })).toBe('Chan  Tai Man \t'));
  it('allowSpaceTrail false removes trailing whitespace only', () =>
    expect(applySpacePolicy(text, { allowSpaceTrail: false })).toBe('  Chan  Tai Man'));
  it('allowSpaceLeadTrail false removes both ends, and keeps the spaces inside', () =>
    expect(applySpacePolicy(text, { allowSpaceLeadTrail: false })).toBe('Chan  Tai Man'));
  it('true flags change nothing', () =>
    expect(applySpacePolicy(text, { allowSpace: true, allowSpaceLead: true, allowSpaceTrail: true, allowSpaceLeadTrail: true })).toBe(
      text,
    ));
});

describe('groupOfApiField: where an API refusal is shown', () => {
  const fields: FieldSpec[] = [{ name: 'vehicleCode' }, { name: 'taxId', group: 'company' }, { name: 'mobile' }];
  it('names the field’s group, for a plain field or the last part of a path', () => {
    expect(groupOfApiField(fields, 'mobile')).toBe('mobile');
    expect(groupOfApiField(fields, 'invoice.vehicleCode')).toBe('vehicleCode');
    expect(groupOfApiField(fields, 'invoice.taxId')).toBe('company');
  });
  it('puts an item of a list on the list’s group (attachments.0.name), not on a field named like its last part', () => {
    const withName: FieldSpec[] = [{ name: 'name' }, { name: 'attachments' }];
    expect(groupOfApiField(withName, 'attachments.0.name')).toBe('attachments');
    expect(groupOfApiField(withName, 'attachments.2')).toBe('attachments');
  });
  it('has no group for a field the form does not show, or no field', () => {
    expect(groupOfApiField(fields, 'cartIds')).toBeNull();
    expect(groupOfApiField(fields, null)).toBeNull();
  });
});

describe('runSubmit: check, hook, data processor, post, answer', () => {
  const fields: FieldSpec[] = [
    { name: 'name', required: 'UR_NAME_REQUIRED' },
    { name: 'email', required: 'UR_EMAIL_08' },
  ];

  it('does not post invalid input, and answers the first failure', async () => {
    const send = vi.fn();
    const outcome = await runSubmit({ fields, values: { name: '', email: '' }, send });
    expect(outcome).toEqual({ kind: 'invalid', failure: { field: 'name', group: 'name', code: 'UR_NAME_REQUIRED' } });
    expect(send).not.toHaveBeenCalled();
  });

  it('posts the data processor’s output (default: the enabled fields’ values)', async () => {
    const send = vi.fn(async (data: unknown) => ok(data));
    await runSubmit({ fields, values: { name: 'Mei', email: 'm@x.tw', extra: 'no' }, send });
    expect(send).toHaveBeenLastCalledWith({ name: 'Mei', email: 'm@x.tw' });
    await runSubmit({ fields, values: { name: 'Mei', email: 'm@x.tw' }, process: (v) => ({ who: v.name }), send });
    expect(send).toHaveBeenLastCalledWith({ who: 'Mei' });
    await runSubmit({ fields: [...fields, { name: 'off', disabled: true }], values: { name: 'Mei', email: 'e', off: 'x' }, send });
    expect(send).toHaveBeenLastCalledWith({ name: 'Mei', email: 'e' });
  });

  it('lets the hook cancel (false) or delay (a promise) the post', async () => {
    const send = vi.fn(async () => ok({}));
    const values = { name: 'Mei', email: 'e' };
    expect(await runSubmit({ fields, values, hook: () => false, send })).toEqual({ kind: 'cancelled' });
    expect(await runSubmit({ fields, values, hook: async () => false, send })).toEqual({ kind: 'cancelled' });
    expect(send).not.toHaveBeenCalled();
    const order: string[] = [];
    await runSubmit({
      fields,
      values,
      hook: () => new Promise<void>((resolve) => setTimeout(() => (order.push('hook'), resolve()), 5)),
      send: async () => (order.push('send'), ok({})),
    });
    expect(order).toEqual(['hook', 'send']);
    // undefined and true go on.
    expect((await runSubmit({ fields, values, hook: () => undefined, send })).kind).toBe('ok');
    expect((await runSubmit({ fields, values, hook: () => true, send })).kind).toBe('ok');
  });

  it('does not run the hook on invalid input', async () => {
    const hook = vi.fn(() => true);
    await runSubmit({ fields, values: {}, hook, send: vi.fn() });
    expect(hook).not.toHaveBeenCalled();
  });

  it('answers the data and what was sent on success', async () => {
    const outcome = await runSubmit({ fields, values: { name: 'Mei', email: 'e' }, send: async () => ok({ id: 7 }) });
    expect(outcome).toEqual({ kind: 'ok', data: { id: 7 }, sent: { name: 'Mei', email: 'e' } });
  });

  it('gives a refusal’s msgCode, msg, resp, the data sent and the groups’ codes to the error callback', async () => {
    const outcome = await runSubmit({
      fields,
      values: { name: 'Mei', email: 'taken@x.tw' },
      send: async () => ({ ok: false, kind: 'failure', msgCode: 'UR_EMAIL_EXISTS', msg: 'Taken', field: 'email' }),
    });
    expect(outcome).toEqual({
      kind: 'refused',
      group: 'email',
      info: {
        msgCode: 'UR_EMAIL_EXISTS',
        msg: 'Taken',
        resp: { field: 'email' },
        data: { name: 'Mei', email: 'taken@x.tw' },
        groupErrors: { email: 'UR_EMAIL_EXISTS' },
        retryAfterSeconds: null,
      },
    });
  });

  it('gives the wait of a refusal for too many attempts', async () => {
    const outcome = await runSubmit({
      fields,
      values: { name: 'Mei', email: 'e@x.tw' },
      send: async () => ({ ok: false, kind: 'failure', msgCode: 'TOO_MANY_ATTEMPTS', msg: null, field: null, retryAfterSeconds: 540 }),
    });
    expect(outcome).toMatchObject({ kind: 'refused', group: null, info: { msgCode: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 540 } });
  });

  it('shows a refusal without a field above the buttons (no group)', async () => {
    const outcome = await runSubmit({
      fields,
      values: { name: 'Mei', email: 'e' },
      send: async () => ({ ok: false, kind: 'failure', msgCode: 'UR_LOGIN_FAILED', msg: null, field: null }),
    });
    expect(outcome).toMatchObject({ kind: 'refused', group: null, info: { resp: null, groupErrors: {} } });
  });

  it('passes a network failure on (the client has told the shared handler), and an abort as such', async () => {
    const error = new Error('offline');
    expect(
      await runSubmit({ fields, values: { name: 'M', email: 'e' }, send: async () => ({ ok: false, kind: 'network', error }) }),
    ).toEqual({
      kind: 'network',
      error,
    });
    expect(await runSubmit({ fields, values: { name: 'M', email: 'e' }, send: async () => ({ ok: false, kind: 'aborted' }) })).toEqual({
      kind: 'aborted',
    });
  });
});

describe('buttons: 40 px high by default, radius a quarter of the height up to 13.5', () => {
  it('pins the defaults', () => expect([BUTTON_DEFAULT_HEIGHT_PX, BUTTON_MAX_RADIUS_PX]).toEqual([40, 13.5]));
  it('is height/4 below the cap, and the cap above it', () => {
    expect(buttonRadius()).toBe(10);
    expect(buttonRadius(32)).toBe(8);
    expect(buttonRadius(54)).toBe(13.5);
    expect(buttonRadius(60)).toBe(13.5);
  });
});
