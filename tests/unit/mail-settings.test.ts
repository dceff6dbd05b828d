/**
 * The mail settings (src/node/env.ts): the SMTP server, the sender, and MailDev's ports under
 * npm start. A bad value stops the start with its name.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mailCatcherPorts, mailFrom, smtpSettings } from '../../src/node/env.ts';

const NAMES = [
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_SECURE',
  'SMTP_USER',
  'SMTP_PASSWORD',
  'MAIL_FROM',
  'MAILDEV_WEB_PORT',
  'MAILDEV_SMTP_PORT',
  'PORT',
];
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});
const set = (values: Record<string, string>) => {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, values);
};

describe('SMTP settings', () => {
  it('are unset without SMTP_HOST (npm start then runs MailDev), an empty one included', () => {
    set({});
    expect(smtpSettings()).toBeUndefined();
    set({ SMTP_HOST: '  ' });
    expect(smtpSettings()).toBeUndefined();
  });

  it('take port 587 with STARTTLS, 465 with TLS from the start, and a sign-in of both parts', () => {
    set({ SMTP_HOST: 'smtp.example.com' });
    expect(smtpSettings()).toEqual({ host: 'smtp.example.com', port: 587, secure: false });
    set({ SMTP_HOST: 'smtp.example.com', SMTP_SECURE: 'Y' });
    expect(smtpSettings()).toEqual({ host: 'smtp.example.com', port: 465, secure: true });
    set({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465' });
    expect(smtpSettings()).toMatchObject({ port: 465, secure: true });
    set({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '2525', SMTP_USER: 'linea', SMTP_PASSWORD: 'p@ss word' });
    expect(smtpSettings()).toEqual({ host: 'smtp.example.com', port: 2525, secure: false, auth: { user: 'linea', pass: 'p@ss word' } });
  });

  it('refuse a half sign-in, a bad port and a SECURE other than Y or N, by name', () => {
    set({ SMTP_HOST: 'smtp.example.com', SMTP_USER: 'linea' });
    expect(() => smtpSettings()).toThrow(/SMTP_USER and SMTP_PASSWORD go together/);
    set({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '70000' });
    expect(() => smtpSettings()).toThrow(/SMTP_PORT must be a port number/);
    set({ SMTP_HOST: 'smtp.example.com', SMTP_SECURE: 'yes' });
    expect(() => smtpSettings()).toThrow(/SMTP_SECURE must be Y or N/);
  });
});

describe('the sender', () => {
  it('is LINEA <no-reply@linea.example> unless set, and one address, named or not', () => {
    set({});
    expect(mailFrom()).toBe('LINEA <no-reply@linea.example>');
    for (const value of ['shop@linea.example', 'LINEA 台灣 <shop@linea.example>']) {
      process.env.MAIL_FROM = value;
      expect(mailFrom()).toBe(value);
    }
  });

  it('refuses what would write headers or name another sender', () => {
    for (const value of [
      'LINEA <shop@linea.example>\r\nBcc: all@example.com',
      'a@evil.example, LINEA <no-reply@linea.example>',
      'LINEA <a@evil.example>; <no-reply@linea.example>',
      'LINEA\t<shop@linea.example>',
      'LINEA\u0000 <shop@linea.example>',
      'no address',
      'LINEA <shop>',
    ]) {
      set({ MAIL_FROM: value });
      expect(() => mailFrom(), JSON.stringify(value)).toThrow(/MAIL_FROM must be one address/);
    }
  });
});

describe("MailDev's ports", () => {
  it("follow the store's port, + 3 for the inbox and + 4 for SMTP, unless set", () => {
    set({});
    expect(mailCatcherPorts()).toEqual({ web: 4324, smtp: 4325 });
    set({ PORT: '4398' });
    expect(mailCatcherPorts()).toEqual({ web: 4401, smtp: 4402 });
    set({ MAILDEV_WEB_PORT: '1080', MAILDEV_SMTP_PORT: '1025' });
    expect(mailCatcherPorts()).toEqual({ web: 1080, smtp: 1025 });
  });
});
