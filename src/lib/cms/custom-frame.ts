/**
 * Editors' custom HTML with a script runs in a sandboxed frame of its own, not in the page:
 * without `allow-same-origin` the frame has an opaque origin, so its scripts cannot read the
 * member's cookies or our origin's storage, and a call they make to the API arrives as another
 * site's (refused, and without our cookies). They can still draw, animate, open links on a
 * click and post forms elsewhere. HTML without a script stays in the page, where it is indexed
 * and styled with the site.
 *
 * The frame's document is written at build time (srcdoc): it inherits the page's policy, so
 * its scripts run by the hashes the release scan finds in it. A small script of ours in it
 * reports its height, and the page sizes the frame to it (client/cms-frames.ts).
 */
import { FRAME_LINK_KEY } from './frame-link.ts';

/** What the frame may do: scripts, pop-ups and forms, and leave for a link the visitor clicked. */
export const FRAME_SANDBOX =
  'allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms allow-top-navigation-by-user-activation';
/** The message the frame's document posts to the page with its height (a followed link's: frame-link.ts). */
export const FRAME_HEIGHT_KEY = 'cmsFrameHeight';

/**
 * A script, or a frame document of the editor's own (srcdoc): a frame without our sandbox
 * would have our origin, and its scripts the member's session.
 */
const RUNS_CODE = /<script\b|\ssrcdoc\s*=/i;

/** Whether a block's HTML needs the frame: it has a script, or a frame document of its own. */
export const needsFrame = (html: string) => RUNS_CODE.test(html);

/** The class that marks our frames: only their documents' scripts are allowed by the policy. */
export const FRAME_CLASS = 'cms-custom__frame';

/**
 * Reports the document's height whenever it changes, and again when the page asks (its
 * listener may start after the frame's first report); and each link clicked, before the page
 * leaves for it, for the redirect event links in custom content send (the page cannot see a
 * click in the frame). Plain ES2017: it is written into every frame as is.
 */
const HEIGHT_SCRIPT = `(function(){var last=0;function post(){var h=document.documentElement.scrollHeight;if(h!==last){last=h;parent.postMessage({${FRAME_HEIGHT_KEY}:h},'*')}}new ResizeObserver(post).observe(document.documentElement);addEventListener('load',post);addEventListener('message',function(e){if(e.source===parent){last=0;post()}});document.addEventListener('click',function(e){var a=e.target instanceof Element?e.target.closest('a[href]'):null;if(a)parent.postMessage({${FRAME_LINK_KEY}:a.href},'*')},true);post()})()`;

/** The site's type and colours (global.css's, as .cms-custom has them), so a block reads like the page around it. */
const FRAME_STYLE =
  "html{font-family:'Helvetica Neue',Arial,'Noto Sans TC','Noto Sans CJK TC','PingFang TC','Microsoft JhengHei',sans-serif;color:#1f1b16;line-height:1.8}html:lang(zh-CN){font-family:'Helvetica Neue',Arial,'Noto Sans SC','Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif}body{margin:0}a{color:#a23b2a}img,video{max-width:100%;height:auto}";

/** The frame's whole document. Links open in the page's place (`_top`), as they would inline. */
export function frameDocument(html: string, languageCode: string): string {
  return `<!doctype html><html lang="${languageCode}"><head><meta charset="utf-8"><base target="_top"><style>${FRAME_STYLE}</style></head><body>${html}<script>${HEIGHT_SCRIPT}</script></body></html>`;
}
