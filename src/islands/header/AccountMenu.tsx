/**
 * The account entry of the header: a click goes to the account, or to login for a
 * visitor; hovering shows a pop-up with My Account and Exit, which closes 100 ms after the
 * pointer leaves. Display modes: A (icon), B (icon and label, in the account area), D
 * (while the category layer is open). It reads the shared session atoms; the session store
 * loads the API client (and its schemas) only when a session may exist or on exit, so
 * visitors' pages stay light. A member's unread inbox messages show as a badge on the entry,
 * and in its accessible name (the inbox store comes only for a member).
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { badgeText } from '../../lib/format/badge.ts';
import { useMemberStore } from '../use-member-store.ts';
import { useOpenLayer } from './use-header-layer.ts';
import { ACCOUNT_POPUP_CLOSE_DELAY_MS } from '../../lib/constants.ts';
import { ACCOUNT_HOME_PATH, loginUrl } from '../../lib/routing/redirect-url.ts';
import { currentLocation, getPlatform } from '../../stores/platform.ts';
import { accountDisplayMode, closeLayer, openLayer } from '../../stores/header.ts';
import { restoreSession, signOut } from '../../stores/session.ts';
import { useMember } from '../use-member.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { useDelayed } from './use-delayed.ts';
import { AccountIcon } from './icons.tsx';

const loadInboxStore = () => import('../../stores/inbox.ts');
const loadVersionPrompt = () => import('../popups/VersionPrompt.tsx');
const UNKNOWN = atom<number | null>(null);

interface Props extends IslandProps {
  /** True on the pages of the account area (mode B). */
  inAccountArea: boolean;
}

export default function AccountMenu({ languageCode, prefix, messages, inAccountArea }: Props) {
  const t = useTranslator(languageCode, messages);
  const member = useMember();
  const layer = useOpenLayer();
  const mode = accountDisplayMode(layer, inAccountArea);
  const open = layer === 'account';
  const closing = useDelayed();
  useEffect(() => {
    void restoreSession();
  }, []);
  const inbox = useMemberStore(loadInboxStore);
  const unread = useStore(inbox?.$unread ?? UNKNOWN);
  useEffect(() => {
    if (inbox) void inbox.loadUnread();
  }, [inbox]);
  const badge = member && unread ? badgeText(unread) : '';
  // The agreement and privacy prompts: every page has this entry, and a member's hydrates at idle.
  const prompts = useMemberStore(loadVersionPrompt);

  const accountHref = `${prefix}${ACCOUNT_HOME_PATH}`;
  const go = () => {
    // Signing in comes back to this page: its path and query.
    const { path, search } = currentLocation();
    getPlatform().navigate(member ? accountHref : loginUrl(path + search, prefix));
  };
  const name = member ? t('auth.signedInAs', { name: member.name }) : t('auth.signIn');
  const label = badge ? `${name} (${t('auth.unreadMessages', { count: unread ?? 0 })})` : name;

  return (
    <>
      <div
        className="header-tool account-menu"
        data-account-state={member ? 'member' : 'visitor'}
        data-display-mode={mode}
        onPointerEnter={() => {
          closing.cancel();
          if (member) openLayer('account');
        }}
        onPointerLeave={() => closing.schedule(ACCOUNT_POPUP_CLOSE_DELAY_MS, () => closeLayer('account'))}
      >
        <button
          type="button"
          className="header-tool__button"
          onClick={go}
          aria-haspopup={member ? 'menu' : undefined}
          aria-expanded={member ? open : undefined}
        >
          <span className="visually-hidden">{label}</span>
          <span className="account-menu__icon">
            <AccountIcon />
            {badge && (
              <span className="count-badge" data-count={badge} data-unread>
                {badge}
              </span>
            )}
          </span>
          {mode === 'B' && <span className="header-tool__label">{name}</span>}
        </button>
        {member && open && (
          <div className="header-popup account-menu__popup" role="menu">
            <p className="account-menu__name">{name}</p>
            <a role="menuitem" href={accountHref}>
              {t('auth.myAccount')}
            </a>
            <button role="menuitem" type="button" onClick={() => void signOut().then(() => closeLayer('account'))}>
              {t('auth.signOut')}
            </button>
          </div>
        )}
      </div>
      {/* Beside the entry, not in it: events in a portal reach its React parents, and the entry opens on pointer enter. */}
      {prompts && <prompts.VersionPrompt t={t} prefix={prefix} />}
    </>
  );
}
