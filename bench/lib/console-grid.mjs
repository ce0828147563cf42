// One run of bench/console-grid.sh: a fresh headless Chromium opens the console and times, on the
// table TABLE of ENTITIES entities, the page's load (until the server info shows), the first page
// of the grid (the table's name clicked until "Page 1: entities 1–100" shows) and, when the table
// has them, 5 Next (each until the next page's numbers show); then reads the page's JS heap
// (performance.memory, precise: --enable-precise-memory-info). Prints one line of JSON:
// {"loadMs":..,"firstPageMs":..,"nextMs":[..],"heapBytes":..}. Env: CONSOLE (the console's URL),
// TABLE, ENTITIES, CHROMIUM (default /usr/bin/chromium), SCREENSHOT (a .png path, optional).
// playwright-core is console-e2e's (npm ci there).
const { chromium } = await import(new URL('../../console-e2e/node_modules/playwright-core/index.mjs', import.meta.url));

const url = process.env.CONSOLE;
const table = process.env.TABLE;
const entities = Number(process.env.ENTITIES);
const PAGE = 100; // the grid's default page size
const NEXT = 5;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  // As console-e2e/tests/support.mjs launches it, plus precise heap figures (else rounded and cached).
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--enable-precise-memory-info'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.setDefaultTimeout(60_000);
  const info = page.getByTestId('page-info');
  const pageText = (n) => `Page ${n}: entities ${(n - 1) * PAGE + 1}–${Math.min(n * PAGE, entities)}`;

  let t = performance.now();
  await page.goto(url);
  await page.getByTestId('server-info').waitFor();
  const loadMs = performance.now() - t;

  t = performance.now();
  await page.getByTestId(`table-${table}`).click();
  await info.filter({ hasText: pageText(1) }).waitFor();
  const firstPageMs = performance.now() - t;

  const nextMs = [];
  for (let n = 2; n <= NEXT + 1 && (n - 1) * PAGE < entities; n++) {
    t = performance.now();
    await page.getByTestId('next-page').click();
    await info.filter({ hasText: pageText(n) }).waitFor();
    nextMs.push(performance.now() - t);
  }
  const heapBytes = await page.evaluate(() => performance.memory ? performance.memory.usedJSHeapSize : -1);
  if (process.env.SCREENSHOT) await page.screenshot({ path: process.env.SCREENSHOT });
  console.log(JSON.stringify({ loadMs, firstPageMs, nextMs, heapBytes }));
} finally {
  await browser.close();
}
