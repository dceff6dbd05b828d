/**
 * A business failure of the local API, answered as `success: false` with its code as the
 * msgCode. Apart from kit.ts so the modules kit.ts itself uses (storage, attempt limits) can
 * throw one without an import circle.
 */
import { CodedError } from '../../src/lib/errors.ts';

export type FailureStatus = 200 | 400 | 401 | 403 | 404 | 413 | 415 | 429 | 500 | 503 | 507;

export class ApiFailure extends CodedError {
  readonly status: Exclude<FailureStatus, 500>;
  readonly resp: unknown;
  constructor(msgCode: string, message: string, status: Exclude<FailureStatus, 500> = 200, resp: unknown = null) {
    super(msgCode, message);
    this.status = status;
    this.resp = resp;
  }
}
