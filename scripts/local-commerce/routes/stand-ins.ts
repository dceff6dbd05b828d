/**
 * Local stand-ins for the third-party scripts (src/lib/external-scripts/sources.ts), so every flow that
 * needs one runs end to end without the internet: `npm start` points the build at them unless
 * configured otherwise.
 * - captcha.js draws a check with a pass and a fail answer; each gives a token the API accepts
 *   once (verifyCaptcha), or refuses;
 * - maps.js draws a schematic map with the place's pin, name and position, marked with the
 *   language and region it was asked for;
 * - cvs-map.js opens a store map per chain (cvs-map.html) in a window of its own, which posts
 *   the chosen store back to the store's page, as a chain's e-map posts back to its caller;
 * - risk.js makes a blackbox ready 1.2 s after it loads, so the checkout's polling is exercised;
 * - tag-manager.js reports the page and each dataLayer event, then and as pushed (kept in
 *   tag_hits, shown on the local admin page).
 */
import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { SMALL_BODY_MAX_BYTES } from '../../../src/lib/api/contract-kit.ts';
import { COLLECTOR_BODY_MAX_BYTES, keepNewest } from '../collector-limits.ts';
import { escapeHtml, htmlPage } from '../html.ts';
import { ApiFailure, limitBody, type RouteKit } from '../kit.ts';

/** Where the stand-ins answer (this machine only: app.ts). */
export const STAND_IN_PATH = '/api/_standin';

export const STAND_IN_SCRIPTS = {
  CAPTCHA_SCRIPT_URL: '/api/_standin/captcha.js',
  CVS_MAP_SCRIPT_URL: '/api/_standin/cvs-map.js',
  MAPS_SCRIPT_URL: '/api/_standin/maps.js',
  RISK_SCRIPT_URL: '/api/_standin/risk.js',
  TAG_MANAGER_SCRIPT_URL: '/api/_standin/tag-manager.js',
} as const;

/** A few stores of each chain, with codes of the chains' own shape. */
export const STAND_IN_STORES: Record<string, Array<{ storeCode: string; storeName: string; address: string }>> = {
  CVS_711: [
    { storeCode: '131386', storeName: '7-ELEVEN 信義門市', address: '台北市信義區信義路五段 7 號' },
    { storeCode: '168127', storeName: '7-ELEVEN 南京門市', address: '台北市中山區南京東路二段 100 號' },
    { storeCode: '204592', storeName: '7-ELEVEN 台中公益門市', address: '台中市西區公益路 161 號' },
  ],
  CVS_FAMILY: [
    { storeCode: 'F006532', storeName: '全家 松山車站店', address: '台北市松山區八德路四段 710 號' },
    { storeCode: 'F013847', storeName: '全家 高雄文化店', address: '高雄市苓雅區五福一路 51 號' },
  ],
};

const JS = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' };

const CVS_MAP_JS = `(function () {
  window.linCvsMap = {
    open: function (options) {
      return new Promise(function (resolve) {
        var url = '/api/_standin/cvs-map.html?chain=' + encodeURIComponent(options.chain) + '&lang=' + encodeURIComponent(options.language);
        var map = window.open(url, 'cvs-map', 'width=720,height=640');
        if (!map) return resolve(null);
        function done(store) {
          window.removeEventListener('message', onMessage);
          clearInterval(watch);
          resolve(store);
        }
        function onMessage(event) {
          if (event.origin === location.origin && event.source === map && event.data && event.data.type === 'cvs-store') done(event.data.store);
        }
        var watch = setInterval(function () { if (map.closed) done(null); }, 300);
        window.addEventListener('message', onMessage);
      });
    }
  };
})();`;

const CAPTCHA_JS = `(function () {
  var TEXT = {
    'zh-TW': ['我不是機器人', '模擬失敗'], 'zh-HK': ['我不是機械人', '模擬失敗'], 'zh-MO': ['我不是機械人', '模擬失敗'],
    'zh-CN': ['我不是机器人', '模拟失败'], 'en-GB': ["I'm not a robot", 'Fail the check']
  };
  window.linCaptcha = {
    render: function (element, options) {
      var text = TEXT[options.language] || TEXT['en-GB'];
      function draw() {
        element.innerHTML = '';
        var box = document.createElement('div');
        box.className = 'standin-captcha';
        // A provider's widget brings its own look; this one a plain framed box.
        Object.assign(box.style, { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', padding: '10px 12px', border: '1px solid #c9c2b8', borderRadius: '8px', background: '#fff' });
        [[text[0], true], [text[1], false]].forEach(function (answer) {
          var button = document.createElement('button');
          button.type = 'button';
          button.textContent = answer[0];
          Object.assign(button.style, { font: 'inherit', padding: '6px 12px', borderRadius: '6px', border: '1px solid #8a8178', background: answer[1] ? '#f4f1ec' : '#fff', cursor: 'pointer' });
          button.addEventListener('click', function () {
            fetch('/api/_standin/captcha/solve', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pass: answer[1] }) })
              .then(function (r) { return r.json(); })
              .then(function (solved) {
                // No token (the store could not save one): the check is not passed.
                if (!solved.token) { box.textContent = '✗'; return; }
                box.textContent = answer[1] ? '✓ ' + text[0] : '✗';
                options.onToken(solved.token);
              });
          });
          box.appendChild(button);
        });
        element.appendChild(box);
      }
      draw();
      return { reset: function () { draw(); if (options.onExpire) options.onExpire(); } };
    }
  };
})();`;

/** Whether `token` is one the stand-in captcha gave for a pass, not used before; it is used now either way. */
export function verifyCaptcha(db: DatabaseSync, token: string | undefined): boolean {
  if (!token) return false;
  const row = db.prepare('SELECT passed, used FROM captcha_tokens WHERE token = ?').get(token) as
    { passed: number; used: number } | undefined;
  if (!row) return false;
  db.prepare('UPDATE captcha_tokens SET used = 1 WHERE token = ?').run(token);
  return row.passed === 1 && row.used === 0;
}

const MAPS_JS = `(function () {
  var NS = 'http://www.w3.org/2000/svg';
  function el(name, attributes) {
    var node = document.createElementNS(NS, name);
    for (var key in attributes) node.setAttribute(key, attributes[key]);
    return node;
  }
  window.linMaps = {
    show: function (element, place) {
      var svg = el('svg', { viewBox: '0 0 320 200', width: '100%', height: '100%', role: 'img', 'aria-label': place.name + ' (' + place.latitude.toFixed(4) + ', ' + place.longitude.toFixed(4) + ')' });
      svg.setAttribute('data-language', place.language);
      svg.setAttribute('data-region', place.region);
      svg.appendChild(el('rect', { width: '320', height: '200', fill: '#eef1ea' }));
      for (var i = 1; i < 8; i++) svg.appendChild(el('line', { x1: i * 40, y1: '0', x2: i * 40, y2: '200', stroke: '#d9ded3' }));
      for (var j = 1; j < 5; j++) svg.appendChild(el('line', { x1: '0', y1: j * 40, x2: '320', y2: j * 40, stroke: '#d9ded3' }));
      svg.appendChild(el('path', { d: 'M160 92c-9 0-16 7-16 16 0 12 16 28 16 28s16-16 16-28c0-9-7-16-16-16z', fill: '#b3261e' }));
      var label = el('text', { x: '160', y: '160', 'text-anchor': 'middle', 'font-size': '14', fill: '#1f1b16' });
      label.textContent = place.name;
      svg.appendChild(label);
      element.innerHTML = '';
      element.appendChild(svg);
    }
  };
})();`;

const RISK_JS = `(function () {
  var ready = null;
  setTimeout(function () { ready = 'standin-' + Math.random().toString(36).slice(2) + '-' + Date.now().toString(36); }, 1200);
  window.linRisk = { blackbox: function () { return ready || undefined; } };
})();`;

const TAG_MANAGER_JS = `(function () {
  var layer = (window.dataLayer = window.dataLayer || []);
  function report(entries) {
    var events = entries.map(function (entry) { return entry && entry.event; }).filter(Boolean);
    if (events.length) fetch('/api/_standin/tag-hits', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: location.pathname, events: events }), keepalive: true });
  }
  report(layer.slice());
  var push = layer.push;
  layer.push = function () { report([].slice.call(arguments)); return push.apply(layer, arguments); };
})();`;

/** The store map's style and script, allowed by their hashes (html.ts). */
const MAP_PAGE_STYLE =
  'body{font:16px system-ui,sans-serif;margin:24px}ul{list-style:none;padding:0}li{margin:0 0 12px}button{width:100%;text-align:left;padding:12px;font:inherit;cursor:pointer}';
const MAP_PAGE_SCRIPT = `document.addEventListener('click', function (event) {
  var button = event.target.closest('button[data-store]');
  if (!button || !window.opener) return;
  window.opener.postMessage({ type: 'cvs-store', store: JSON.parse(button.dataset.store) }, location.origin);
  // Closed once the click is over, as a chain's map closes after posting back.
  setTimeout(function () { window.close(); }, 50);
});`;

function mapPage(chain: string): string {
  const stores = STAND_IN_STORES[chain];
  const body = stores
    ? `<ul>${stores
        .map(
          (s) =>
            `<li><button type="button" data-store="${escapeHtml(JSON.stringify(s))}"><strong>${escapeHtml(s.storeName)}</strong> (${escapeHtml(s.storeCode)})<br>${escapeHtml(s.address)}</button></li>`,
        )
        .join('')}</ul>`
    : `<p role="alert">Unknown chain ${escapeHtml(chain)}</p>`;
  return `<!doctype html><html lang="zh-TW"><meta charset="utf-8"><title>門市地圖 Store map (local stand-in)</title>
<style>${MAP_PAGE_STYLE}</style>
<h1>選擇取貨門市 Choose a pickup store</h1>${body}
<script>${MAP_PAGE_SCRIPT}</script></html>`;
}

/** A body the stand-in cannot read: 400 with the envelope, naming the field. */
const fieldFailure400 = (message: string, field: string) => new ApiFailure('INVALID_FIELD', message, 400, { field });

export function registerStandInRoutes({ app, db, now }: RouteKit): void {
  app.get(STAND_IN_SCRIPTS.CAPTCHA_SCRIPT_URL, (c) => c.body(CAPTCHA_JS, 200, JS));
  // A solved check: a token that passes, or one the API will refuse, as the shopper chose.
  app.post('/api/_standin/captcha/solve', limitBody(SMALL_BODY_MAX_BYTES), async (c) => {
    const answer = (await c.req.json().catch(() => null)) as { pass?: unknown } | null;
    if (typeof answer?.pass !== 'boolean') throw fieldFailure400('pass (true or false) expected', 'pass');
    const token = randomBytes(18).toString('base64url');
    db.prepare('INSERT INTO captcha_tokens (token, passed, created_at) VALUES (?, ?, ?)').run(token, answer.pass ? 1 : 0, now());
    return c.json({ token });
  });
  app.get(STAND_IN_SCRIPTS.CVS_MAP_SCRIPT_URL, (c) => c.body(CVS_MAP_JS, 200, JS));
  app.get('/api/_standin/cvs-map.html', (c) =>
    htmlPage(c, mapPage(c.req.query('chain') ?? ''), { styles: [MAP_PAGE_STYLE], scripts: [MAP_PAGE_SCRIPT] }),
  );
  app.get(STAND_IN_SCRIPTS.MAPS_SCRIPT_URL, (c) => c.body(MAPS_JS, 200, JS));
  app.get(STAND_IN_SCRIPTS.RISK_SCRIPT_URL, (c) => c.body(RISK_JS, 200, JS));
  app.get(STAND_IN_SCRIPTS.TAG_MANAGER_SCRIPT_URL, (c) => c.body(TAG_MANAGER_JS, 200, JS));
  // As small as the collector's posts, and as few kept (collector-limits.ts).
  app.post('/api/_standin/tag-hits', limitBody(COLLECTOR_BODY_MAX_BYTES), async (c) => {
    const hit = (await c.req.json().catch(() => null)) as { page?: unknown; events?: unknown } | null;
    if (!hit || typeof hit.page !== 'string' || !Array.isArray(hit.events)) throw fieldFailure400('page and events expected', 'page');
    const { lastInsertRowid } = db
      .prepare('INSERT INTO tag_hits (page, events, received_at) VALUES (?, ?, ?)')
      .run(hit.page, JSON.stringify(hit.events), now());
    keepNewest(db, 'tag_hits', lastInsertRowid);
    return c.body(null, 204);
  });
}
