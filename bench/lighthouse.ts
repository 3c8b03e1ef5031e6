// Mobile Lighthouse (default mobile emulation and simulated throttling) on /, /promotion, /faq, a listing and a game
// page of the production build, with Debian's Chromium. Prints score, LCP, TBT, CLS and the JavaScript bytes each
// page transfers, and the audits that cost the most. Goals (issue 28): performance >= 95, LCP <= 2.0 s,
// CLS <= 0.05, JavaScript on / <= 150 KiB transferred. LIGHTHOUSE_PAGES=/,/faq picks pages.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProductionServer } from './support/production-server.ts';

const port = 3912;
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/,/promotion,/faq,/slots,/play/lantern-orchard').split(',');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// What a player's phone sends; Lighthouse's own user agent would be served as a bot.
const playerPhone = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

// LIGHTHOUSE_DETAIL=1: for each page's first run, the largest paint's element and its phases, the observed first and
// largest paints, and every request with its priority (what Lighthouse's simulation counts as render-blocking).
const detail = process.env.LIGHTHOUSE_DETAIL === '1';
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
function printDetail(page: string, lhr: Lhr) {
  const items = (id: string) => ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Record<string, unknown>[];
  const element = items('largest-contentful-paint-element');
  console.log(`\n${page}: largest paint`, JSON.stringify(element).slice(0, 900));
  const observed = items('metrics')[0] ?? {};
  console.log(
    `  observed: first paint ${observed.observedFirstContentfulPaint} ms, largest ${observed.observedLargestContentfulPaint} ms; simulated: first ${observed.firstContentfulPaint} ms, largest ${observed.largestContentfulPaint} ms`,
  );
  for (const task of items('long-tasks'))
    console.log(
      `  long task at ${Math.round(Number(task.startTime))} ms: ${Math.round(Number(task.duration))} ms  ${String(task.url).replace(/^https?:\/\/[^/]+/, '')}`,
    );
  for (const script of items('bootup-time'))
    console.log(
      `  boot-up ${String(script.url).replace(/^https?:\/\/[^/]+/, '')}: ${Math.round(Number(script.total))} ms (evaluation ${Math.round(Number(script.scripting))}, parse ${Math.round(Number(script.scriptParseCompile))})`,
    );
  for (const request of items('network-requests'))
    console.log(
      `  ${String(request.priority).padEnd(8)} ${String(request.resourceType).padEnd(10)} ${String(request.transferSize).padStart(7)} B  ${String(request.networkRequestTime).padStart(6)}–${String(request.networkEndTime).padStart(6)} ms  ${String(request.url).replace(/^https?:\/\/[^/]+/, '')}`,
    );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

// The guest page cache would answer every run but the first from memory: Lighthouse measures the page as rendered,
// unless LIGHTHOUSE_PAGE_CACHE=on (the production default: a guest's page after the first comes from the cache).
const pageCache = process.env.LIGHTHOUSE_PAGE_CACHE === 'on';
const server = await startProductionServer(port, pageCache ? {} : { PAGE_CACHE: 'off' });
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  console.log(`mobile Lighthouse, median of ${runs} runs per page, guest page cache ${pageCache ? 'on' : 'off'}\n`);
  console.log('page          score    LCP ms   TBT ms     CLS   JS bytes (transferred)');
  for (const page of pages) {
    const samples: { score: number; lcp: number; tbt: number; cls: number; js: number }[] = [];
    const costs = new Map<string, number>();
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`http://127.0.0.1:${port}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        emulatedUserAgent: playerPhone,
      });
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      const { lhr } = result;
      if (detail && run === 0) printDetail(page, lhr);
      const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
      for (const audit of Object.values(lhr.audits)) {
        const saving = (audit.metricSavings as { LCP?: number } | undefined)?.LCP ?? 0;
        if (saving > 0 && (audit.score ?? 1) < 1) costs.set(audit.title, Math.max(costs.get(audit.title) ?? 0, saving));
      }
      samples.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        js: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      });
    }
    const m = (key: keyof (typeof samples)[number]) => median(samples.map((s) => s[key]));
    console.log(
      `${page.padEnd(12)} ${String(m('score')).padStart(6)} ${m('lcp').toFixed(0).padStart(9)} ${m('tbt').toFixed(0).padStart(8)} ${m('cls').toFixed(3).padStart(7)} ${String(m('js')).padStart(10)}`,
    );
    for (const [title, saving] of [...costs].sort((a, b) => b[1] - a[1]).slice(0, 3)) console.log(`    ${title}: up to ${saving.toFixed(0)} ms of LCP`);
  }
  console.log('\ngoals: score >= 95, LCP <= 2000 ms, CLS <= 0.05, JS on / <= 153600 bytes');
} finally {
  chrome.kill();
  await server.stop();
}
