/** The pop-up registry's rules: open once per id, update, close, clear, and the page cover. */
import { beforeEach, describe, expect, it } from 'vitest';
import { POPUP_COVER_CLASS, POPUP_REPOSITION_DELAY_MS } from '../../src/lib/constants.ts';
import { setPlatform } from '../../src/stores/platform.ts';
import { $popups, clearPopups, closePopup, openPopup, popupEntry, updatePopup } from '../../src/stores/popups.ts';

const root = new Set<string>();
beforeEach(() => {
  root.clear();
  setPlatform({ rootClass: (name, on) => void (on ? root.add(name) : root.delete(name)) });
  clearPopups();
});

describe('pop-up registry', () => {
  it('ignores opening an id that is already open, keeping the first content', () => {
    expect(openPopup({ id: 'promo', content: 'first', className: 'promo-popup' })).toBe(true);
    expect(openPopup({ id: 'promo', content: 'second' })).toBe(false);
    expect($popups.get()).toEqual([{ id: 'promo', content: 'first', className: 'promo-popup' }]);
  });

  it('replaces content on update, removes one on close and all on clear', () => {
    openPopup({ id: 'a', content: 1 });
    openPopup({ id: 'b', content: 2 });
    updatePopup('a', 3);
    expect(popupEntry('a')?.content).toBe(3);
    closePopup('a');
    expect($popups.get().map((e) => e.id)).toEqual(['b']);
    openPopup({ id: 'c', content: 4 });
    clearPopups();
    expect($popups.get()).toEqual([]);
  });

  it('puts the cover class on the page while any pop-up is registered', () => {
    expect(POPUP_COVER_CLASS).toBe('has-popup');
    openPopup({ id: 'a', content: null });
    openPopup({ id: 'b', content: null });
    expect(root.has('has-popup')).toBe(true);
    closePopup('a');
    expect(root.has('has-popup')).toBe(true);
    closePopup('b');
    expect(root.has('has-popup')).toBe(false);
  });

  it('places a pop-up again 10 ms after a scroll', () => {
    expect(POPUP_REPOSITION_DELAY_MS).toBe(10);
  });
});
