/**
 * The header's shared layer state, read the way an island must read it: a layer can open (a
 * click on an island that hydrated first) before another island hydrates, and React keeps
 * server-rendered attributes that differ at hydration. So each island hydrates with the
 * build's value (nothing open) and re-renders with the live one right after.
 */
import { useStore } from '@nanostores/react';
import { $genderNav, $openLayer, type GenderNavState, type HeaderLayer } from '../../stores/header.ts';

export function useOpenLayer(): HeaderLayer {
  return useStore($openLayer, { ssr: () => 'none' as const });
}

export function useGenderNav(): GenderNavState {
  return useStore($genderNav, { ssr: () => 'closed' as const });
}
