/**
 * The building blocks of the commerce contract's endpoint table, apart so that every part of
 * the contract (contract.ts, contract-checkout.ts) builds on them without importing each other.
 */
import { z } from 'zod';

export const yesNo = z.enum(['Y', 'N']);

export interface EndpointDefinition {
  method: 'GET' | 'POST';
  path: string;
  /** Member calls need the access token; the API answers 401 without a valid one. */
  auth: boolean;
  body: z.ZodType;
  resp: z.ZodType;
  summary: string;
}

/** The body of a call that sends none (GET). */
export const none = z.object({}).strict();
/** Keeps each definition's own schema types (a plain annotation would widen them to ZodType). */
export const endpoint = <B extends z.ZodType, R extends z.ZodType>(d: { method: 'GET' | 'POST'; path: string; auth: boolean; body: B; resp: R; summary: string }) => d;

export const pageQuery = z.object({ page: z.number().int().min(1).default(1), pageSize: z.number().int().min(1).max(100).default(10) });
export const listOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });
