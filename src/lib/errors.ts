/**
 * The one base of our errors: a stable, machine-readable code beside the message, so logs,
 * tests and callers branch on the code, never on the wording.
 */
export class CodedError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}
