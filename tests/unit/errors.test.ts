import { describe, expect, it } from 'vitest';
import { CodedError } from '../../src/lib/errors.ts';
import { CmsDocumentError, NoContentCacheError } from '../../src/lib/cms/errors.ts';
import { UnknownLanguageError } from '../../src/lib/i18n/languages.ts';
import { ReleaseError } from '../../scripts/publish/releases.ts';

describe('coded errors', () => {
  it('carry a stable code and their class name beside the message', () => {
    const error = new CodedError('SOMETHING_WRONG', 'what went wrong', { cause: 'why' });
    expect(error).toBeInstanceOf(Error);
    expect([error.code, error.name, error.message, error.cause]).toEqual(['SOMETHING_WRONG', 'CodedError', 'what went wrong', 'why']);
  });

  it("are the one base of the project's errors", () => {
    const cases: Array<[CodedError, string, string]> = [
      [new CmsDocumentError('zh_TW', 'zh_TW/pages/women.json', 'updatedAt', 'bad date'), 'CMS_DOCUMENT_INVALID', 'CmsDocumentError'],
      [new NoContentCacheError('no cache'), 'NO_CONTENT_CACHE', 'NoContentCacheError'],
      [new UnknownLanguageError('xx'), 'UNKNOWN_LANGUAGE', 'UnknownLanguageError'],
      [new ReleaseError('NO_PREVIOUS_RELEASE', 'nothing to roll back to'), 'NO_PREVIOUS_RELEASE', 'ReleaseError'],
    ];
    for (const [error, code, name] of cases) {
      expect(error).toBeInstanceOf(CodedError);
      expect([error.code, error.name]).toEqual([code, name]);
    }
  });
});
