/**
 * A member's language switch, which the header's language chooser loads only for a member (so
 * it lives outside islands/header, whose modules the header's chunk takes in whole). A member
 * with a cart who picks a language of another region is told first what happens to the cart
 * there: it keeps its items, priced in that region's currency, and its checkout offers that
 * region's delivery, payment and invoices (a dialog in a root of its own). Going on saves the
 * language as their preference, whatever the answer.
 */
import { createRoot } from 'react-dom/client';
import type { Region } from '../../lib/i18n/regions.ts';
import { $member } from '../../stores/session.ts';
import { Modal } from '../forms/Modal.tsx';

/** The preference must not hold the member up for long. */
const PREFERENCE_WAIT_MS = 1500;

export interface RegionSwitch {
  title: string;
  /** "Continue": go to the other region. */
  go: string;
  /** "Stay here": close and stay. */
  stay: string;
  /** The dialog's close control (it stays too). */
  close: string;
  /** Per region other than the page's: what happens to the cart there. */
  bodies: Partial<Record<Region, string>>;
}

/**
 * Before a member goes to `language` (of `region`, from a page of `pageRegion`): false when
 * they choose to stay; else the preference is saved and the switch may go on.
 */
export async function beforeMemberSwitch(
  language: string,
  region: Region,
  pageRegion: Region | undefined,
  texts: RegionSwitch | undefined,
): Promise<boolean> {
  if (texts && region !== pageRegion && !(await confirmRegionSwitch(texts, region))) return false;
  await (await import('../../stores/member.ts')).savePreferredLanguage(language, PREFERENCE_WAIT_MS);
  return true;
}

const NOTICE_ID = 'region-switch-notice';
/** A switch asked about and not yet answered: another click waits for that answer. */
let asking: Promise<boolean> | null = null;

/** Resolves true to go on to `region`: at once without items in the cart, else as the member answers. */
function confirmRegionSwitch(texts: RegionSwitch, region: Region): Promise<boolean> {
  asking ??= ask(texts, region).finally(() => (asking = null));
  return asking;
}

async function ask(texts: RegionSwitch, region: Region): Promise<boolean> {
  const body = texts.bodies[region];
  if (!body || !(await cartHasItems())) return true;
  return new Promise((resolve) => {
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    let answered = false;
    // A button both answers and closes the dialog: the first call counts.
    const answer = (go: boolean) => {
      if (answered) return;
      answered = true;
      root.unmount();
      host.remove();
      resolve(go);
    };
    root.render(
      <Modal
        open
        title={texts.title}
        closeLabel={texts.close}
        onClose={() => answer(false)}
        className="region-switch"
        describedBy={NOTICE_ID}
        buttons={[
          { label: texts.stay, variant: 'ghost', onClick: () => answer(false) },
          { label: texts.go, onClick: () => answer(true) },
        ]}
      >
        <p id={NOTICE_ID}>{body}</p>
      </Modal>,
    );
  });
}

/** A member's cart has items (the cart store comes only for a member). */
async function cartHasItems(): Promise<boolean> {
  if (!$member.get()) return false;
  const { $cartCount, loadCartCount } = await import('../../stores/cart.ts');
  await loadCartCount();
  return ($cartCount.get() ?? 0) > 0;
}
