/** The inline lines of the pages without script files, run against a stand-in DOM. */
import { describe, expect, it } from 'vitest';
import {
  BALLOON_TIP_STORAGE_KEY,
  TICKER_CLOSED_STORAGE_PREFIX,
  WINDOW_AT_LOAD_SCRIPT,
  balloonTipScript,
  tickerCloseScript,
  tickerClosedCheckScript,
} from '../../src/lib/header/static-scripts.ts';
import { isWithinWindow } from '../../src/lib/cms/schedule.ts';
import { isVisitorsOnlyTicker, TICKER_GROUPS } from '../../src/lib/header/ticker-group.ts';
import { rememberRedirectScript } from '../../src/lib/routing/pending-redirect.ts';
import { PENDING_REDIRECT_KEY } from '../../src/lib/routing/redirect-url.ts';

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

/** A ticker of a group, with its close button inside it. */
class FakeTicker {
  hidden = false;
  readonly group: string;
  readonly button: { closest: (selector: string) => unknown };
  constructor(group: string) {
    this.group = group;
    this.button = Object.assign(new FakeElement({}, true), {
      closest: (selector: string) => (selector === '.ticker-bar__close' ? this.button : this),
    });
  }
  getAttribute(name: string) {
    return name === 'data-ticker-group' ? this.group : null;
  }
}

const session = (items = new Map<string, string>()) => ({
  items,
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => void items.set(key, value),
  removeItem: (key: string) => void items.delete(key),
});
const key = (group: string) => `${TICKER_CLOSED_STORAGE_PREFIX}${group}`;

describe('the ticker close button', () => {
  function page(storage = session()) {
    let onClick: (event: { target: unknown }) => void = () => {};
    const globals = {
      Element: FakeElement,
      sessionStorage: storage,
      document: { addEventListener: (_: string, handler: typeof onClick) => (onClick = handler) },
    };
    run(tickerCloseScript(TICKER_CLOSED_STORAGE_PREFIX), globals);
    return { storage, click: (target: unknown) => onClick({ target }) };
  }

  it("hides its own ticker and remembers that group's close only", () => {
    const { storage, click } = page();
    const ticker = new FakeTicker('A');
    click(ticker.button);
    expect(ticker.hidden).toBe(true);
    expect([...storage.items]).toEqual([[key('A'), 'Y']]);
  });

  it('ignores every other click', () => {
    const { storage, click } = page();
    click(new FakeElement({}));
    click(null);
    expect(storage.items.size).toBe(0);
  });
});

describe('the ticker closed this session, before first paint', () => {
  const check = (ticker: FakeTicker | null, storage: ReturnType<typeof session>, navigation = 'navigate', refuse = false) => {
    const sessionStorage = refuse
      ? {
          getItem: () => {
            throw new Error('storage refused');
          },
          removeItem: () => {},
        }
      : storage;
    run(tickerClosedCheckScript(TICKER_CLOSED_STORAGE_PREFIX, TICKER_GROUPS), {
      sessionStorage,
      performance: { getEntriesByType: (type: string) => (type === 'navigation' ? [{ type: navigation }] : []) },
      document: { querySelector: (selector: string) => (selector === '.ticker-bar[data-closable]' ? ticker : null) },
    });
    return ticker?.hidden;
  };

  it("hides a ticker whose group was closed this session, and no other group's", () => {
    const closedA = () => session(new Map([[key('A'), 'Y']]));
    expect(check(new FakeTicker('A'), closedA())).toBe(true);
    expect(check(new FakeTicker('C'), closedA())).toBe(false);
    expect(check(new FakeTicker('B'), closedA())).toBe(false);
    expect(check(new FakeTicker('A'), session())).toBe(false);
  });

  it('a reload, on any page, shows every ticker again', () => {
    const storage = session(
      new Map([
        [key('A'), 'Y'],
        [key('C'), 'Y'],
      ]),
    );
    expect(check(new FakeTicker('A'), storage, 'reload')).toBe(false);
    expect(storage.items.size).toBe(0);
    const again = session(new Map([[key('A'), 'Y']]));
    check(null, again, 'reload'); // a page without a ticker
    expect(again.items.size).toBe(0);
    expect(check(new FakeTicker('A'), session(new Map([[key('A'), 'Y']])), 'back_forward')).toBe(true);
  });

  it('never fails when storage is refused', () => {
    expect(check(new FakeTicker('A'), session(), 'navigate', true)).toBe(false);
  });
});

describe('a ticker for visitors only (it invites registering), before first paint', () => {
  /** Runs the check on a page whose ticker is for visitors, with this cookie; answers whether it is hidden. */
  const check = (cookie: string, storage = session()) => {
    const ticker = new FakeTicker('B');
    run(tickerClosedCheckScript(TICKER_CLOSED_STORAGE_PREFIX, TICKER_GROUPS), {
      sessionStorage: storage,
      performance: { getEntriesByType: () => [] },
      document: {
        cookie,
        querySelector: (selector: string) => (selector === '.ticker-bar[data-visitors-only]' ? ticker : null),
      },
    });
    return ticker.hidden;
  };

  it('is hidden when the session hint says a member is signed in, over HTTP or HTTPS, and shown to a visitor', () => {
    expect(check('lin_session=1')).toBe(true);
    expect(check('consent=all; __Host-lin_session=1')).toBe(true);
    expect(check('')).toBe(false);
    expect(check('consent=all; not_lin_session=1')).toBe(false);
  });

  it('is the one that links to the register page, in any language', () => {
    const ticker = (pcLink: string, linkFlag: 'Y' | 'N' = 'Y') => isVisitorsOnlyTicker({ linkFlag, pcLink });
    expect(ticker('/register.html')).toBe(true);
    expect(ticker('/en-gb/register.html')).toBe(true);
    expect(ticker('https://www.linea.example/register.html?from=ticker')).toBe(true);
    expect(ticker('/register.html', 'N')).toBe(false);
    expect(ticker('/feature/new-arrivals.html')).toBe(false);
    expect(ticker('')).toBe(false);
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
