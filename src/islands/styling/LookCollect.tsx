/**
 * The look's "save look" heart: a toggle button (aria-pressed) over the styling store, which
 * keeps staff and official looks in their own lists and sends the collect event. The page's
 * early script (client/styling-collect-state.ts) has already drawn the saved state into the
 * server's button, so this island only hydrates when the shopper reaches for it.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $stylingCollects, loadStylingCollects, toggleStylingCollect } from '../../stores/styling.ts';
import { useHydrated } from '../use-hydrated.ts';

export interface LookCollectProps {
  styleId: string;
  staff: boolean;
  /** The look's first product, which the collect event names. */
  productCode?: string;
  /** The button's name, the same whatever its state (the state is aria-pressed). */
  label: string;
}

export default function LookCollect({ styleId, staff, productCode, label }: LookCollectProps) {
  const collects = useStore($stylingCollects);
  const hydrated = useHydrated();
  useEffect(() => loadStylingCollects(), []);
  // The hydrating render must match the server's HTML; the saved state comes right after.
  const pressed = hydrated && collects[staff ? 'staff' : 'official'].includes(styleId);

  function toggle() {
    // Read the lists again first: another tab may have changed them, and a click given again
    // on hydration can come before the effect above.
    loadStylingCollects();
    toggleStylingCollect(styleId, { staff, ...(productCode ? { productCode } : {}) });
  }

  return (
    <button
      type="button"
      className="look-collect"
      aria-pressed={pressed}
      data-look-collect={styleId}
      data-look-kind={staff ? 'staff' : 'official'}
      onClick={toggle}
    >
      <svg className="look-collect__heart" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 20.5 4.2 12.9a4.9 4.9 0 0 1 0-7 5 5 0 0 1 7 0l.8.8.8-.8a5 5 0 0 1 7 0 4.9 4.9 0 0 1 0 7Z" />
      </svg>
      <span>{label}</span>
    </button>
  );
}
