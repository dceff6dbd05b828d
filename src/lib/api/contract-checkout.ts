/**
 * The checkout part of the commerce contract: placing an order, paying it, coupons.
 * Spread into ENDPOINTS by contract.ts.
 */
import type { EndpointDefinition } from './contract-kit.ts';

export const CHECKOUT_ENDPOINTS = {} satisfies Record<string, EndpointDefinition>;
