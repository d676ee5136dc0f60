import autocannon from 'autocannon';
import type { ApiProduct } from '../../engine/shared/api.ts';
import { keys } from '../../engine/shared/keys.ts';
import { startFaultSite, type FaultSite } from '../../testing/fault-site.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 30);
const CONNECTIONS = 20;
/** Calls in the first seconds of an outage (before the breaker opens) are reported apart. */
const BURST_MS = 5000;

/** Seconds until a listing nobody has asked for yet answers 200 after Drive is back. */
async function healSeconds(site: FaultSite, path: string): Promise<string> {
  const start = Date.now();
  while (Date.now() - start < 60_000) {
    if ((await fetch(`${site.base}${path}`)).status === 200) return ((Date.now() - start) / 1000).toFixed(1);
    await new Promise((done) => setTimeout(done, 100));
  }
  return '>60';
}

/**
 * Visitors during a Drive outage (issue 11): the site in drive mode against the fake Drive (real
 * googleapis client, real clock, default retries, pauses and breaker), 50 % and 100 % of Drive calls
 * failing, with the listings cached (warm) or not (cold; the folder map is known, as after any first
 * page). Prints the request rate, the visitor failures, the upstream calls per minute over the whole
 * run, in its first 5 s and after them (the steady trickle), and how long after Drive is back a
 * listing nobody asked for during the outage answers again. Each scenario on a fresh server.
 */
export async function benchDriveFaults(): Promise<void> {
  console.log(`\ndrive faults: ${CONNECTIONS} connections, ${SECONDS} s per scenario, API listings of every folder`);
  console.log(
    'scenario           req/s   visitor failures   calls/min   (in all)   first 5 s   calls/min after   healed after',
  );
  for (const warm of [true, false]) {
    for (const ratio of [0.5, 1]) {
      const site = await startFaultSite({ realClock: true });
      try {
        const products = JSON.parse(await (await fetch(`${site.base}/api/products`)).text()) as ApiProduct[];
        const ids = [...new Set(products.map((p) => p.driveFolderId).filter((id): id is string => !!id))];
        // One folder is kept out of the load: asked only once Drive is back, it shows when a page heals.
        const spare = ids.pop()!;
        if (warm) for (const id of ids) await fetch(`${site.base}${keys.folder(id)}`);
        site.store.api.guard.clear();
        const paths = ids.map(keys.folder);
        const before = site.upstream();
        const start = Date.now();
        if (ratio === 1) site.fake.faults.failAll('backendError');
        else site.fake.faults.failSome('backendError', ratio);
        let next = 0;
        const result = await autocannon({
          url: site.base,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
        });
        const log = site.fake.faults.log.slice(before);
        const burst = log.filter((c) => c.at < start + BURST_MS).length;
        const after = ((log.length - burst) / (SECONDS - BURST_MS / 1000)) * 60;
        site.fake.faults.clearFailures();
        const healed = await healSeconds(site, keys.folder(spare));
        const failures = result.non2xx + result.errors + result.timeouts;
        const cells = [
          `${warm ? 'warm' : 'cold'}, ${ratio * 100} % fail`.padEnd(18),
          String(Math.round(result.requests.average)).padStart(6),
          `${failures} of ${result.requests.total}`.padStart(18),
          String(Math.round((log.length / SECONDS) * 60)).padStart(11),
          `(${log.length})`.padStart(10),
          String(burst).padStart(11),
          String(Math.round(after)).padStart(17),
          `${healed} s`.padStart(14),
        ];
        console.log(cells.join(' '));
      } finally {
        await site.close();
      }
    }
  }
}
