import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const base = process.argv[2]; const out = process.argv[3];
for (const path of process.argv.slice(4)) {
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' });
    await page.goto(base + path);
    await page.waitForTimeout(300);
    const name = `${out}/${path.replace(/\W+/g, '_') || 'home'}-${width}.png`;
    await page.screenshot({ path: name, fullPage: width === 1280 ? false : false });
    console.log(name);
    await page.close();
  }
}
await browser.close();
