import { useEffect, useState } from 'react';
import type { ThirdPartyScript } from '../../lib/external-scripts/sources.ts';
import { scriptSource } from '../../stores/third-party.ts';

/**
 * Whether the page has the third-party script `name` configured (lib/external-scripts/sources.ts). Read
 * after hydration: the server's render has no page to read it from, so both renders start at false.
 * (Not at islands/ level: files named use-*.ts there go into the header's chunk.)
 */
export function useScriptConfigured(name: ThirdPartyScript): boolean {
  const [configured, setConfigured] = useState(false);
  useEffect(() => setConfigured(scriptSource(name) !== null), [name]);
  return configured;
}
