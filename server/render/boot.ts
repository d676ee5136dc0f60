import { createHash } from 'node:crypto';

/**
 * The page's scripts start once its largest paint has arrived: on a phone's slow link the hero (or
 * first gallery tile) must not share the bandwidth with the app's JavaScript. The boot script reads
 * `<meta name="app-scripts">` (the entry first, then the modules it imports, preloaded together) and
 * adds them when the `fetchpriority=high` image has loaded or failed, at once when the page has none.
 * Scripts added before the `load` event still delay it, so `load` still means "hydrated".
 * A fixed text: the CSP allows it by its hash (`BOOT_SCRIPT_HASH`).
 */
export const BOOT_SCRIPT =
  "(function(){var d=document,m=d.querySelector('meta[name=app-scripts]');if(!m)return;" +
  "var u=m.content.split(' '),i=d.querySelector('img[fetchpriority=high]'),done=0;" +
  'function go(){if(done++)return;for(var k=1;k<u.length;k++){var l=d.createElement("link");' +
  'l.rel="modulepreload";l.href=u[k];d.head.appendChild(l)}var s=d.createElement("script");' +
  's.type="module";s.src=u[0];d.body.appendChild(s)}' +
  "if(i&&!i.complete){i.addEventListener('load',go);i.addEventListener('error',go)}else go()})();";

/** The CSP source that allows `BOOT_SCRIPT` inline. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
