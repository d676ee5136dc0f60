import { createHash } from 'node:crypto';
import { BOOT_DIALOG_ATTR, PENDING_ATTR, UI_TEXTS_ID } from '../../engine/shared/islands.ts';
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
 * - A link tapped to navigate shows that it is pending; a dialog tapped before its island opens a shell.
 * - After the load event, a sampled page view of a visitor (`<meta name="vitals">`'s `data-rate`; never
 *   with Global Privacy Control, never a known bot) adds the Web Vitals reporter (site/vitals/reporter.ts).
 */
/**
 * A gallery dialog's opener tapped before its island is live: a dialog shell opens at once (the
 * island's title, its close button, 8 skeleton tiles: site/styles/stitches.ts); the
 * island's dialog replaces it once live (GalleryDialog removes it as it opens). Closed first, it takes
 * the kept click back, so the island opens nothing.
 */
const DIALOG_SHELL =
  "function props(x){try{return JSON.parse(x.querySelector('script').textContent).props||{}}catch(r){return{}}}" +
  "function shell(b){var t=b.getAttribute('data-opens-dialog'),w=b.closest('[data-island=dialog]');" +
  "if(t)w=[].filter.call(d.querySelectorAll('[data-island=dialog]'),function(x){return props(x).trigger===t})[0];" +
  `if(!w||d.querySelector('dialog[${BOOT_DIALOG_ATTR}]'))return;` +
  "var p=props(w),u={},g=d.createElement('dialog'),h=d.createElement('div'),n=d.createElement('h2')," +
  "c=d.createElement('button'),l=d.createElement('ul');" +
  `try{u=JSON.parse(d.getElementById('${UI_TEXTS_ID}').textContent)}catch(r){}` +
  `g.setAttribute('${BOOT_DIALOG_ATTR}','');g.setAttribute('aria-labelledby','boot-dialog-title');` +
  "n.id='boot-dialog-title';n.textContent=p.title||'';c.type='button';c.textContent='\u00d7';" +
  "c.setAttribute('aria-label',u.close||'');l.setAttribute('aria-busy','true');l.setAttribute('aria-label',u.dialogLoading||'');" +
  "for(var k=0;k<8;k++)l.appendChild(d.createElement('li'));h.append(n,c);g.append(h,l);d.body.appendChild(g);" +
  "function shut(){b.removeAttribute('data-clicked');g.remove()}" +
  "c.addEventListener('click',shut);g.addEventListener('close',shut);" +
  "g.addEventListener('click',function(e){if(e.target===g)shut()});g.showModal()}";

/**
 * A tap on a link that navigates (a tile before its island is live, the language switcher, a card)
 * marks it pending at once (`data-pending`, site/styles/stitches.ts) until the next page comes; a click
 * an island handles itself (it prevented the default: React's handlers run before the document's) or
 * one that opens a new tab marks nothing; a form posted without its island marks its button. A page
 * restored from the back-forward cache drops the marks.
 */
const PENDING_MARKS =
  "d.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[href]');" +
  "if(!a||e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey||a.target||a.hasAttribute('download')" +
  `||a.origin!==location.origin||a.hash&&a.pathname===location.pathname)return;a.setAttribute('${PENDING_ATTR}','')});` +
  // A form posted without its island (the consultation form before its script): its button too.
  "d.addEventListener('submit',function(e){var b=e.submitter;" +
  `if(!e.defaultPrevented&&b&&!b.closest('[data-live]'))b.setAttribute('${PENDING_ATTR}','')});` +
  `addEventListener('pageshow',function(){[].forEach.call(d.querySelectorAll('[${PENDING_ATTR}]'),function(a){a.removeAttribute('${PENDING_ATTR}')})});`;

/**
 * Once the page has loaded and the browser is idle, the island code the page may need is fetched (not
 * run): the scripts of islands that wait for the visitor, and the chunks islands import when used
 * (`data-idle`: the viewer, the dialog). A first tap then waits for no download.
 */
const IDLE_PREFETCH =
  "addEventListener('load',function(){var m=d.querySelector('meta[name=app-scripts]');if(!m)return;" +
  '(window.requestIdleCallback||setTimeout)(function(){' +
  "var u=m.content.split(' ').concat((m.getAttribute('data-idle')||'').split(' '));" +
  "for(var k=0;k<u.length;k++)if(u[k]){var l=d.createElement('link');l.rel='modulepreload';l.href=u[k];d.head.appendChild(l)}" +
  '},{timeout:2000})});';

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
  "if(b&&!b.closest('[data-live]')){e.preventDefault();b.setAttribute('data-clicked','');go();shell(b)}});" +
  DIALOG_SHELL +
  "on('toggle',function(e){if(e.newState==='open')go()});" +
  "if(w==='intent'){var near=function(e){var t=e.target;" +
  "if(t&&t.closest&&t.closest('[data-island],[data-opens-dialog]'))go()};" +
  "on('pointerover',near);on('focusin',near);on('touchstart',near);return}" +
  // After the next frame: the script never runs before the page's first paint.
  'function later(){requestAnimationFrame(function(){setTimeout(go,0)})}' +
  "if(w!=='boot')return;var i=d.querySelector('img[fetchpriority=high]');" +
  // Where the browser reports it, after the image's largest paint itself (its load comes a frame or more
  // before): scripts requested before that paint count in the LCP of lab tools that simulate a slow
  // phone from the page's observed requests (Lighthouse), which made a gallery's LCP bimodal.
  'var once=function(){if(!later.done){later.done=1;later()}};' +
  'try{var o=new PerformanceObserver(function(l){if(l.getEntries().some(function(e){return e.element===i}))once()});' +
  "o.observe({type:'largest-contentful-paint',buffered:true});if(!i)return once();i.addEventListener('error',once);" +
  // A page whose largest paint is something else never reports one for the image: a second after it.
  "var s=function(){setTimeout(once,1000)};if(i.complete)s();else i.addEventListener('load',s);return}catch(r){}" +
  "if(i&&!i.complete){i.addEventListener('load',later);i.addEventListener('error',later)}else later()}" +
  "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',start);else start();" +
  IDLE_PREFETCH +
  PENDING_MARKS +
  // After the load event: the reporter is never part of a page's first load.
  "addEventListener('load',function(){setTimeout(function(){" +
  `var v=d.querySelector('meta[name=${VITALS_META}]'),n=navigator;` +
  `if(!v||n.globalPrivacyControl||${String(KNOWN_BOTS)}.test(n.userAgent)||!(Math.random()<+v.getAttribute('data-rate')))return;` +
  "var s=d.createElement('script');s.type='module';s.src=v.getAttribute('data-src');d.body.appendChild(s)},0)})})();";

/** The CSP source that allows `BOOT_SCRIPT` inline. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
