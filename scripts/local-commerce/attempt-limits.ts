/**
 * How often a caller may try what can be guessed or abused: wrong passwords (per account and
 * address, per account, per address), sign-in links and password-reset mails, registrations, email codes,
 * coupon collection and newsletter subscriptions. Counted by rate-limiter-flexible in the API's own SQLite, so a restart
 * forgets nothing. Above a limit the answer is 429 TOO_MANY_ATTEMPTS with the seconds to wait
 * (`resp.retryAfterSeconds`, and Retry-After).
 *
 * The limiter's SQLite store speaks better-sqlite3; node:sqlite's DatabaseSync has the same
 * `prepare` but no `transaction`. Every statement the store runs in one is a single upsert,
 * atomic on its own, so the adapter runs it as it is (and never nests in a transaction of ours).
 */
import type { DatabaseSync } from 'node:sqlite';
import { RateLimiterRes, RateLimiterSQLite } from 'rate-limiter-flexible';
import { ApiFailure } from './api-failure.ts';

export const ATTEMPT_LIMITS_TABLE = 'attempt_limits';

export interface AttemptRuleValue {
  /** Attempts allowed in the window. */
  points: number;
  /** The window, in seconds, from the first attempt counted. */
  duration: number;
}

/** The allowances. Sign-in counts failures only; the others count every attempt. */
export const ATTEMPT_RULES = {
  /** Wrong passwords for one account from one address. */
  signInAccountAddress: { points: 5, duration: 15 * 60 },
  /** Wrong passwords for one account from anywhere: a guess spread over addresses. */
  signInAccount: { points: 20, duration: 60 * 60 },
  /** Wrong passwords from one address for any account: one password tried on many. */
  signInAddress: { points: 100, duration: 24 * 60 * 60 },
  /** Sign-in links asked for one account (known or not): the member's mailbox is not filled by others. */
  signInLinkAccount: { points: 3, duration: 60 * 60 },
  /** Sign-in links asked from one address. */
  signInLinkAddress: { points: 20, duration: 60 * 60 },
  /** Reset mails asked for one account (known or not). */
  passwordResetAccount: { points: 5, duration: 60 * 60 },
  /** Reset mails asked from one address. */
  passwordResetAddress: { points: 20, duration: 60 * 60 },
  /** Accounts opened from one address. */
  registrationAddress: { points: 10, duration: 60 * 60 },
  /** Email-change codes sent for one member (besides the minute between two). */
  emailCodeMember: { points: 10, duration: 60 * 60 },
  /** Coupons collected by one member. */
  couponCollectMember: { points: 30, duration: 60 },
  /** Newsletter confirmation mails to one address: nobody's mailbox filled by another. */
  newsletterEmail: { points: 3, duration: 60 * 60 },
  /** Newsletter subscriptions asked from one client address. */
  newsletterAddress: { points: 20, duration: 60 * 60 },
} as const satisfies Record<string, AttemptRuleValue>;

export type AttemptRule = keyof typeof ATTEMPT_RULES;
/** Allowances in place of ATTEMPT_RULES's. */
export type AttemptOverrides = Partial<Record<AttemptRule, AttemptRuleValue>>;
/** One rule applied to one key (an account, an address, a member id). */
export type AttemptUse = readonly [AttemptRule, string];

export interface AttemptLimits {
  /** Refuses when any of these has used its allowance (sign-in, before the password is checked). */
  check(...uses: AttemptUse[]): Promise<void>;
  /** Counts one failure against each. */
  count(...uses: AttemptUse[]): Promise<void>;
  /** Forgets these (a right password clears its account's run of failures). */
  forget(...uses: AttemptUse[]): Promise<void>;
  /** Counts an attempt that counts whatever its outcome, refusing it above an allowance. */
  spend(...uses: AttemptUse[]): Promise<void>;
}

/** `offer`: what the answer offers besides the wait (a sign-in refused offers a link by mail). */
export const tooManyAttempts = (msBeforeNext: number, offer: { signInLink?: true } = {}) => {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiFailure('TOO_MANY_ATTEMPTS', `Too many attempts; try again in ${retryAfterSeconds} s`, 429, {
    retryAfterSeconds,
    ...offer,
  });
};

/** A limiter whose counts live in the attempts table, under its own key prefix. */
function sqliteLimiter(db: DatabaseSync, rule: AttemptRuleValue, keyPrefix: string): RateLimiterSQLite {
  // The store speaks better-sqlite3; each statement it runs in a "transaction" is one upsert, atomic alone.
  const storeClient = { prepare: (sql: string) => db.prepare(sql), transaction: (work: () => unknown) => work };
  return new RateLimiterSQLite({
    ...rule,
    storeClient,
    storeType: 'better-sqlite3',
    tableName: ATTEMPT_LIMITS_TABLE,
    tableCreated: true,
    keyPrefix,
  });
}

/** Counts one use of `key`; above the allowance, 429 TOO_MANY_ATTEMPTS with the wait. */
async function consumeOrRefuse(limiter: RateLimiterSQLite, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) throw tooManyAttempts(refusal.msBeforeNext);
    throw refusal;
  }
}

/**
 * One allowance of its own (the collector's per address, the registration mails per mailbox),
 * kept beside the attempt limits: each call counts a use and refuses above `rule`.
 */
export function createAllowance(db: DatabaseSync, rule: AttemptRuleValue, keyPrefix: string): (key: string) => Promise<void> {
  const limiter = sqliteLimiter(db, rule, keyPrefix);
  return (key) => consumeOrRefuse(limiter, key);
}

export function createAttemptLimits(db: DatabaseSync, overrides: AttemptOverrides = {}): AttemptLimits {
  const limiters = new Map(
    Object.entries({ ...ATTEMPT_RULES, ...overrides }).map(([name, rule]) => [
      name as AttemptRule,
      { rule, limiter: sqliteLimiter(db, rule, name) },
    ]),
  );
  const of = (name: AttemptRule) => limiters.get(name)!;

  return {
    async check(...uses) {
      for (const [name, key] of uses) {
        const { rule, limiter } = of(name);
        const state = await limiter.get(key);
        if (state && state.consumedPoints >= rule.points) throw tooManyAttempts(state.msBeforeNext);
      }
    },
    async count(...uses) {
      for (const [name, key] of uses) await of(name).limiter.penalty(key, 1);
    },
    async forget(...uses) {
      for (const [name, key] of uses) await of(name).limiter.delete(key);
    },
    async spend(...uses) {
      for (const [name, key] of uses) await consumeOrRefuse(of(name).limiter, key);
    },
  };
}
