import { createHash } from 'node:crypto';
import { KNOWN_BOTS, VITALS_META } from '../../engine/shared/vitals.ts';

/**
 * The one inline script of a visitor page, in its head (a fixed text: the CSP allows it by its hash,
 * `BOOT_SCRIPT_HASH`). Three jobs:
 *
 * - Static images keep the spec's fallback chain without React: one delegated `error` handler
 *   (capturing, so it sees images that fail before the body has parsed) retries an image that has
 *   `data-on-fail` once with a time stamp, then tries its next source (`data-fallbacks`), then hides
 *   it (`hide`) or puts the grey `image-placeholder` box in its place (engine/shared/islands.ts).
 * - The islands' script starts late: `<meta name="app-scripts">` lists the entry and the modules to
 *   preload with it, and `data-when` when to add them (engine/shared/islands.ts ISLAND_WHEN): `boot`
 *   once the largest paint (the `fetchpriority=high` image) has loaded or failed, at once when there
 *   is none (on a phone's slow link that image must not share the bandwidth with JavaScript), and
 *   then after the next frame, so that the script never runs before the page's first paint;
 *   `intent` when the pointer, the focus or a touch first reaches an island; and in every case when a
 *   popover first opens (the phone menu). A click on a button that waits for its island
 *   (`data-await-island`) before the island is live is kept (`data-clicked`) and loads the script;
 *   the island carries it out once live.
 * - After the load event, a sampled page view of a visitor (`<meta name="vitals">`'s `data-rate`; never
 *   with Global Privacy Control, never a known bot) adds the Web Vitals reporter (site/vitals/reporter.ts).
 */
export const BOOT_SCRIPT =
  '(function(){var d=document;' +
  "d.addEventListener('error',function(e){var i=e.target;" +
  "if(!i||i.tagName!=='IMG'||!i.hasAttribute('data-on-fail'))return;var s=i.currentSrc||i.src;" +
  "if(!i.hasAttribute('data-retried')){i.setAttribute('data-retried','');i.removeAttribute('srcset');" +
  "i.src=s+(s.indexOf('?')<0?'?':'&')+'t='+Date.now();return}i.removeAttribute('data-retried');" +
  "var f=(i.getAttribute('data-fallbacks')||'').split(' ').filter(Boolean),n=f.shift();" +
  "if(n){i.setAttribute('data-fallbacks',f.join(' '));i.src=n;return}" +
  "if(i.getAttribute('data-on-fail')==='hide'){i.style.display='none';return}" +
  "var p=d.createElement('span'),a=i.getAttribute('alt');p.className='image-placeholder';" +
  "if(a){p.setAttribute('role','img');p.setAttribute('aria-label',a)}else p.setAttribute('aria-hidden','true');" +
  'i.replaceWith(p)},true);' +
  "function start(){var m=d.querySelector('meta[name=app-scripts]');if(!m)return;" +
  "var u=m.content.split(' '),w=m.getAttribute('data-when'),done=0;" +
  "function on(t,f){d.addEventListener(t,f,{capture:true,passive:t!=='click'})}" +
  'function go(){if(done++)return;for(var k=1;k<u.length;k++){var l=d.createElement("link");' +
  'l.rel="modulepreload";l.href=u[k];d.head.appendChild(l)}var s=d.createElement("script");' +
  's.type="module";s.src=u[0];d.body.appendChild(s)}' +
  "on('click',function(e){var b=e.target.closest&&e.target.closest('[data-await-island]');" +
  "if(b&&!b.closest('[data-live]')){e.preventDefault();b.setAttribute('data-clicked','');go()}});" +
  "on('toggle',function(e){if(e.newState==='open')go()});" +
  "if(w==='intent'){var near=function(e){var t=e.target;" +
  "if(t&&t.closest&&t.closest('[data-island],[data-opens-dialog]'))go()};" +
  "on('pointerover',near);on('focusin',near);on('touchstart',near);return}" +
  // After the next frame: the script never runs before the page's first paint.
  'function later(){requestAnimationFrame(function(){setTimeout(go,0)})}' +
  "if(w!=='boot')return;var i=d.querySelector('img[fetchpriority=high]');" +
  "if(i&&!i.complete){i.addEventListener('load',later);i.addEventListener('error',later)}else later()}" +
  "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',start);else start();" +
  // After the load event: the reporter is never part of a page's first load.
  "addEventListener('load',function(){setTimeout(function(){" +
  `var v=d.querySelector('meta[name=${VITALS_META}]'),n=navigator;` +
  `if(!v||n.globalPrivacyControl||${String(KNOWN_BOTS)}.test(n.userAgent)||!(Math.random()<+v.getAttribute('data-rate')))return;` +
  "var s=d.createElement('script');s.type='module';s.src=v.getAttribute('data-src');d.body.appendChild(s)},0)})})();";

/** The CSP source that allows `BOOT_SCRIPT` inline. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
