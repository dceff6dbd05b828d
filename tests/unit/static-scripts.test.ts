/** The inline lines of the pages without script files, run against a stand-in DOM. */
import { describe, expect, it } from 'vitest';
import {
  BALLOON_TIP_STORAGE_KEY,
  TICKER_CLOSED_STORAGE_KEY,
  WINDOW_AT_LOAD_SCRIPT,
  balloonTipScript,
  tickerCloseScript,
  tickerClosedCheckScript,
} from '../../src/lib/header/static-scripts.ts';
import { isWithinWindow } from '../../src/lib/cms/schedule.ts';
import { PENDING_REDIRECT_KEY, rememberRedirectScript } from '../../src/islands/auth/redirect.ts';

class FakeElement {
  hidden = false;
  readonly attributes: Record<string, string>;
  readonly closeButton: boolean;
  constructor(attributes: Record<string, string>, closeButton = false) {
    this.attributes = attributes;
    this.closeButton = closeButton;
  }
  getAttribute(name: string) {
    return this.attributes[name] ?? null;
  }
  closest(selector: string) {
    return this.closeButton && selector === '.ticker-bar__close' ? this : null;
  }
}

function run(script: string, globals: Record<string, unknown>) {
  new Function(...Object.keys(globals), script)(...Object.values(globals));
}

describe('the live banner window at load', () => {
  const NOW = 1_000_000;
  const cases: Array<[string | undefined, string | undefined]> = [
    [undefined, undefined],
    [String(NOW - 1), undefined],
    [String(NOW), undefined],
    [String(NOW + 1), undefined],
    [undefined, String(NOW)],
    [undefined, String(NOW + 1)],
    [String(NOW - 5), String(NOW + 5)],
    [String(NOW + 5), String(NOW + 9)],
  ];

  it('shows a block exactly when the schedule rule says it is inside its window', () => {
    for (const [start, end] of cases) {
      const block = new FakeElement({ ...(start ? { 'data-window-start': start } : {}), ...(end ? { 'data-window-end': end } : {}) });
      block.hidden = !block.hidden; // start from the wrong state
      run(WINDOW_AT_LOAD_SCRIPT, { Date: { now: () => NOW }, document: { querySelectorAll: () => [block] } });
      expect(block.hidden, `${start}–${end}`).toBe(!isWithinWindow(NOW, start ? Number(start) : null, end ? Number(end) : null));
    }
  });
});

describe('the ticker close button', () => {
  function page() {
    const stored = new Map<string, string>();
    const root = new FakeElement({});
    let onClick: (event: { target: unknown }) => void = () => {};
    const globals = {
      Element: FakeElement,
      sessionStorage: { setItem: (k: string, v: string) => stored.set(k, v) },
      document: {
        documentElement: { setAttribute: (k: string, v: string) => (root.attributes[k] = v) },
        addEventListener: (_: string, handler: typeof onClick) => (onClick = handler),
      },
    };
    run(tickerCloseScript(TICKER_CLOSED_STORAGE_KEY), globals);
    return { stored, root, click: (target: unknown) => onClick({ target }) };
  }

  it('remembers the close for the session under the ticker island key, and marks the root', () => {
    const { stored, root, click } = page();
    click(new FakeElement({}, true));
    expect(stored.get(TICKER_CLOSED_STORAGE_KEY)).toBe('Y');
    expect(root.attributes['data-ticker-closed']).toBe('');
  });

  it('ignores every other click', () => {
    const { stored, root, click } = page();
    click(new FakeElement({}));
    click(null);
    expect(stored.size).toBe(0);
    expect(root.attributes['data-ticker-closed']).toBeUndefined();
  });
});

describe('the ticker closed this session, before first paint', () => {
  const check = (stored: string | null, refuse = false) => {
    const root = { dataset: {} as Record<string, string> };
    const sessionStorage = {
      getItem: (key: string) => {
        if (refuse) throw new Error('storage refused');
        return key === TICKER_CLOSED_STORAGE_KEY ? stored : null;
      },
    };
    run(tickerClosedCheckScript(TICKER_CLOSED_STORAGE_KEY), { sessionStorage, document: { documentElement: root } });
    return 'tickerClosed' in root.dataset;
  };

  it('hides the ticker only when it was closed this session, and never fails when storage is refused', () => {
    expect(check('Y')).toBe(true);
    expect(check(null)).toBe(false);
    expect(check('Y', true)).toBe(false);
  });
});

describe('the balloon tip, once per session for its time', () => {
  const show = (stored: Map<string, string>, refuse = false) => {
    const tip = { hidden: true };
    const timers: Array<[() => void, number]> = [];
    const sessionStorage = {
      getItem: (key: string) => {
        if (refuse) throw new Error('storage refused');
        return stored.get(key) ?? null;
      },
      setItem: (key: string, value: string) => void stored.set(key, value),
    };
    run(balloonTipScript(BALLOON_TIP_STORAGE_KEY, 6000), {
      sessionStorage,
      document: { querySelector: (selector: string) => (selector === '.balloon-tip' ? tip : null) },
      setTimeout: (fn: () => void, ms: number) => timers.push([fn, ms]),
    });
    return { tip, timers };
  };

  it('shows the tip, hides it after 6 s, and not again in the same session', () => {
    const session = new Map<string, string>();
    const first = show(session);
    expect(first.tip.hidden).toBe(false);
    expect(first.timers.map(([, ms]) => ms)).toEqual([6000]);
    first.timers[0]![0]();
    expect(first.tip.hidden).toBe(true);
    const second = show(session);
    expect(second.tip.hidden).toBe(true);
    expect(second.timers).toEqual([]);
  });

  it('shows nothing when storage is refused (it could not keep it to once)', () => {
    expect(show(new Map(), true).tip.hidden).toBe(true);
  });
});

describe("the login page's remembered redirect_url", () => {
  const remember = (search: string, stored: string | null = 'old') => {
    const items = new Map<string, string>(stored ? [[PENDING_REDIRECT_KEY, stored]] : []);
    const sessionStorage = { setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
    run(rememberRedirectScript(), { location: { search }, URLSearchParams, sessionStorage });
    return items.get(PENDING_REDIRECT_KEY) ?? null;
  };

  it('keeps the redirect_url of the page, and forgets an older one when there is none', () => {
    expect(remember('?redirect_url=%2Fcart.html')).toBe('/cart.html');
    expect(remember('')).toBeNull();
  });
});
