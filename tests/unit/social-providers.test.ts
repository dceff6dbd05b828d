import { describe, expect, it } from 'vitest';
import { providersFor, THIRD_PARTY_PROVIDERS, THIRD_PARTY_STATE } from '../../src/lib/api/third-party.ts';

describe('social sign-in providers', () => {
  it('are the six of the spec, with the states their apps were registered with', () => {
    expect(THIRD_PARTY_PROVIDERS).toEqual(['weibo', 'wechat', 'qq', 'facebook', 'google', 'line']);
    expect(THIRD_PARTY_STATE).toEqual({ facebook: '5', google: '6', line: '7' });
  });

  it('leave out on mainland pages those blocked there, and are all offered elsewhere', () => {
    expect(providersFor('CN')).toEqual(['weibo', 'wechat', 'qq']);
    for (const region of ['TW', 'HK', 'MO'] as const) expect(providersFor(region), region).toEqual(THIRD_PARTY_PROVIDERS);
  });
});
