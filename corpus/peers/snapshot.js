// Writes NAME.yml next to each NAME.html given: Playwright's
// page.ariaSnapshot({mode: 'ai'}) of the page loaded from its file with
// JavaScript and the network off, the same load as the shared corpus's
// peers/playwright snapshots (see ../shared/corpus/SOURCES.md). Move the
// .yml files to corpus/peers/playwright/. Needs Node, playwright-core
// 1.65 (npm install playwright-core@1.65) and a Chromium:
//
//	CHROMIUM=/usr/bin/chromium node corpus/peers/snapshot.js /abs/path/page.html ...
const { chromium } = require('playwright-core');
(async () => {
  const b = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
  const ctx = await b.newContext({ javaScriptEnabled: false, offline: true });
  for (const f of process.argv.slice(2)) {
    const p = await ctx.newPage(); // a fresh page per file: refs start at e1
    await p.goto('file://' + f);
    const s = await p.locator('body').ariaSnapshot({ mode: 'ai' });
    require('fs').writeFileSync(f.replace(/\.html$/, '.yml'), s);
    await p.close();
  }
  await b.close();
})().catch(e => { console.error(e); process.exit(1); });
