/**
 * The social sign-in providers, apart from the contract so that the login page can list them
 * without loading the contract's schemas.
 */
import type { Region } from '../i18n/regions.ts';

export const THIRD_PARTY_PROVIDERS = ['weibo', 'wechat', 'qq', 'facebook', 'google', 'line'] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];

/** Providers whose sign-in pages cannot be reached from mainland China. */
const BLOCKED_IN_CN: readonly ThirdPartyProvider[] = ['facebook', 'google', 'line'];

/** The providers a region's sign-in page offers: mainland pages leave out those blocked there. */
export function providersFor(region: Region): readonly ThirdPartyProvider[] {
  return region === 'CN' ? THIRD_PARTY_PROVIDERS.filter((provider) => !BLOCKED_IN_CN.includes(provider)) : THIRD_PARTY_PROVIDERS;
}
/** OAuth state values the providers' apps were registered with: 5 social network, 6 Google, 7 line app. */
export const THIRD_PARTY_STATE: Partial<Record<ThirdPartyProvider, string>> = { facebook: '5', google: '6', line: '7' };
