/** The member-privacy notice once it is due (client/greetings.ts decides): any way of closing it acknowledges it for a year. */
import { MEMBER_PRIVACY_POPUP_ID, memberPrivacySeenCookie } from '../lib/popups/member-privacy.ts';
import { openPagePopup } from './page-popup.ts';

export function openMemberPrivacy(dialog: HTMLDialogElement): void {
  openPagePopup(dialog, { id: MEMBER_PRIVACY_POPUP_ID, content: null, className: 'member-privacy' }, () => {
    document.cookie = memberPrivacySeenCookie();
  });
}
