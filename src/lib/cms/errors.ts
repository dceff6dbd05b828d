import type { z } from 'zod';
import { CodedError } from '../errors.ts';

/** A CMS document that does not match the contract. Names language, document and field. */
export class CmsDocumentError extends CodedError {
  readonly language: string;
  readonly document: string;
  readonly field: string;
  readonly detail: string;

  constructor(language: string, document: string, field: string, detail: string) {
    super(
      'CMS_DOCUMENT_INVALID',
      `CMS document invalid: language ${language}, document ${document}, field ${field || '(root)'}: ${detail}`,
    );
    this.language = language;
    this.document = document;
    this.field = field;
    this.detail = detail;
  }

  static fromZod(language: string, document: string, error: z.ZodError): CmsDocumentError {
    const issue = error.issues[0]!;
    const field = issue.path.map(String).join('.');
    const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem${error.issues.length > 2 ? 's' : ''})` : '';
    return new CmsDocumentError(language, document, field, `${issue.message}${more}`);
  }
}

/** The CMS could not be reached or answered with a server error after every retry. */
export class CmsUnreachableError extends CodedError {
  readonly url: string;

  constructor(url: string, reason: string) {
    super('CMS_UNREACHABLE', `CMS unreachable at ${url}: ${reason}`);
    this.url = url;
  }
}

/** The CMS answered, but not with the document (404 and other client errors). */
export class CmsHttpError extends CodedError {
  readonly status: number;

  constructor(url: string, status: number, language: string, document: string) {
    super('CMS_HTTP_ERROR', `CMS answered ${status} for language ${language}, document ${document} (${url})`);
    this.status = status;
  }
}

/** No good cache to fall back on. */
export class NoContentCacheError extends CodedError {
  constructor(message: string) {
    super('NO_CONTENT_CACHE', message);
  }
}
