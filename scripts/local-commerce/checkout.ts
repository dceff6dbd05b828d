/**
 * The local commerce API's checkout routes: placing an order, paying it, coupons
 * (contract-checkout.ts). Registered by createCommerceApp.
 */
import type { RouteKit } from './app.ts';

export function registerCheckoutRoutes(_kit: RouteKit): void {}
