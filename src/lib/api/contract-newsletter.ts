/**
 * The newsletter, with or without an account: a subscription is confirmed through the link
 * mailed to the address (double opt-in), and every mail carries a signed unsubscribe link, so
 * nobody can subscribe or unsubscribe an address that is not theirs.
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from '../validation/patterns.ts';
import { endpoint, type EndpointDefinition } from './contract-kit.ts';
import { ROUTES } from './routes.ts';

const emailField = z.string().trim().min(1, 'UR_EMAIL_08').max(254, 'UR_EMAIL_06').regex(EMAIL_PATTERN, 'UR_EMAIL_06');
const linkToken = (code: string) => z.string().min(1, code).max(200, code);

export const NEWSLETTER_ENDPOINTS = {
  newsletterSubscribe: endpoint({
    ...ROUTES.newsletterSubscribe,
    body: z.object({ email: emailField }),
    resp: z.object({ status: z.literal('pending') }),
    summary: 'Subscribe an address: a confirmation link is mailed to it (pending), unless it is confirmed already',
  }),
  newsletterConfirm: endpoint({
    ...ROUTES.newsletterConfirm,
    body: z.object({ token: linkToken('NEWSLETTER_LINK_INVALID') }),
    resp: z.object({ email: z.string() }),
    summary: 'Confirm a subscription with the mailed link (valid 7 days, once)',
  }),
  newsletterUnsubscribe: endpoint({
    ...ROUTES.newsletterUnsubscribe,
    body: z.object({ email: emailField, signature: linkToken('NEWSLETTER_LINK_INVALID') }),
    resp: z.object({ email: z.string() }),
    summary: 'Unsubscribe with the signed link every newsletter mail carries',
  }),
} satisfies Record<string, EndpointDefinition>;
