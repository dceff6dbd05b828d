/**
 * What a form shows for a submit's outcome (lib/forms/form.ts's runSubmit), without a page:
 * the error on each group, the form's own error above the buttons, and the group to bring into
 * view. The island (islands/forms/use-form.ts) sets and scrolls what this decides.
 */
import type { Translate } from '../i18n/translator.ts';
import type { SubmitOutcome } from './form.ts';

/** The text for a code: translated through the message catalogue, else the API's msg, else the code as is. */
export function codeText(t: Translate, code: string, msg: string | null = null): string {
  return t(`errors.${code}`, { defaultValue: '' }) || msg || code;
}

export interface OutcomeDisplay {
  /** Every group's error after the submit; null leaves them as they are. */
  errors: Record<string, string> | null;
  /** The form's own error (it was cleared as the submit started); null for none. */
  formError: string | null;
  /** The group to bring into view and focus, with the field that failed when one did. */
  scrollTo: { group: string; field: string | null } | null;
}

const NOTHING: OutcomeDisplay = { errors: null, formError: null, scrollTo: null };

/**
 * The first failing field's code on its group; a refusal on the group of the field the API
 * names, else above the buttons (a wait for too many attempts says how many minutes); a
 * network failure says the form did not go through, the fields as they were.
 */
export function outcomeDisplay<B, T>(outcome: SubmitOutcome<B, T>, t: Translate): OutcomeDisplay {
  switch (outcome.kind) {
    case 'invalid': {
      const { group, field, code } = outcome.failure;
      return { errors: { [group]: codeText(t, code) }, formError: null, scrollTo: { group, field } };
    }
    case 'ok':
      return { ...NOTHING, errors: {} };
    case 'refused': {
      const wait = outcome.info.retryAfterSeconds;
      const text =
        wait === null
          ? codeText(t, outcome.info.msgCode, outcome.info.msg)
          : t('errors.TOO_MANY_ATTEMPTS_WAIT', { minutes: Math.ceil(wait / 60) });
      return outcome.group
        ? { errors: { [outcome.group]: text }, formError: null, scrollTo: { group: outcome.group, field: null } }
        : { errors: {}, formError: text, scrollTo: null };
    }
    case 'network':
      // The client has told the shared handler; the form says it did not go through.
      return { ...NOTHING, formError: t('errors.interfaceException') };
    default:
      return NOTHING;
  }
}

/** The groups' errors with one set (text) or cleared (null); the same object when nothing changes. */
export function withGroupError(errors: Record<string, string>, group: string, text: string | null): Record<string, string> {
  if (text !== null) return { ...errors, [group]: text };
  if (!(group in errors)) return errors;
  const { [group]: _, ...rest } = errors;
  return rest;
}
