// Mobile Lighthouse (default mobile emulation and simulated throttling) on /, /promotion and /faq of the
// production build, with Debian's Chromium. Prints score, LCP, TBT, CLS and the JavaScript bytes each
// page transfers. Goals (issue 3): performance >= 95 and CLS <= 0.05.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProductionServer } from './support/production-server.ts';

const port = 3912;
const pages = ['/', '/promotion', '/faq'];
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// What a player's phone sends; Lighthouse's own user agent would be served as a bot.
const playerPhone = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const server = await startProductionServer(port);
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
  console.log(`mobile Lighthouse, median of ${runs} runs per page\n`);
  console.log('page          score    LCP ms   TBT ms     CLS   JS bytes (transferred)');
  for (const page of pages) {
    const samples: { score: number; lcp: number; tbt: number; cls: number; js: number }[] = [];
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
      const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
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
  }
  console.log('\ngoals: score >= 95, CLS <= 0.05');
} finally {
  chrome.kill();
  await server.stop();
}
