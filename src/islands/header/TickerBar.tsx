/**
 * The announcement ticker: shown when displayFlag is Y; with closeButton Y it can
 * be closed, and stays closed for the session. The page decides the config by its ticker
 * group at build time; an inline script hides a closed ticker before paint (no flash).
 */
import { useStore } from '@nanostores/react';
import type { TickerConfig } from '../../lib/header/ticker-group.ts';
import { canCloseTicker } from '../../lib/header/ticker-group.ts';
import { $tickerClosed, closeTicker } from '../../stores/ticker.ts';
import { useHydrated } from '../use-hydrated.ts';

export default function TickerBar({ config, href, closeLabel }: { config: TickerConfig; href: string | null; closeLabel: string }) {
  const hydrated = useHydrated();
  const closed = useStore($tickerClosed);
  if (hydrated && closed && canCloseTicker(config)) return null;
  return (
    <div
      className="ticker-bar"
      data-ticker={config.type}
      data-closable={canCloseTicker(config) ? '' : undefined}
      role="region"
      aria-label={config.pcText}
    >
      {href ? <a href={href}>{config.pcText}</a> : <span>{config.pcText}</span>}
      {canCloseTicker(config) && (
        <button type="button" className="ticker-bar__close" aria-label={closeLabel} onClick={closeTicker}>
          ×
        </button>
      )}
    </div>
  );
}
