import type { z } from 'zod';

/** A CMS document that does not match the contract. Names language, document and field. */
export class CmsDocumentError extends Error {
  readonly code = 'CMS_DOCUMENT_INVALID';
  constructor(
    readonly language: string,
    readonly document: string,
    readonly field: string,
    readonly detail: string,
  ) {
    super(`CMS document invalid: language ${language}, document ${document}, field ${field || '(root)'}: ${detail}`);
  }

  static fromZod(language: string, document: string, error: z.ZodError): CmsDocumentError {
    const issue = error.issues[0]!;
    const field = issue.path.map(String).join('.');
    const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem${error.issues.length > 2 ? 's' : ''})` : '';
    return new CmsDocumentError(language, document, field, `${issue.message}${more}`);
  }
}

/** The CMS could not be reached or answered with a server error after every retry. */
export class CmsUnreachableError extends Error {
  readonly code = 'CMS_UNREACHABLE';
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`CMS unreachable at ${url}: ${reason}`);
  }
}

/** The CMS answered, but not with the document (404 and other client errors). */
export class CmsHttpError extends Error {
  readonly code = 'CMS_HTTP_ERROR';
  constructor(
    readonly url: string,
    readonly status: number,
    readonly language: string,
    readonly document: string,
  ) {
    super(`CMS answered ${status} for language ${language}, document ${document} (${url})`);
  }
}

/** No good cache to fall back on. */
export class NoContentCacheError extends Error {
  readonly code = 'NO_CONTENT_CACHE';
}
