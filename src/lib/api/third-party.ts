/**
 * The social sign-in providers, apart from the contract so that the login page can list them
 * without loading the contract's schemas.
 */
export const THIRD_PARTY_PROVIDERS = ['weibo', 'wechat', 'qq', 'facebook', 'google', 'line'] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];
/** OAuth state values the providers' apps were registered with: 5 social network, 6 Google, 7 line app. */
export const THIRD_PARTY_STATE: Partial<Record<ThirdPartyProvider, string>> = { facebook: '5', google: '6', line: '7' };
