// The live view: load driven through the data listener (SharedKeyLite-signed REST requests, as an
// application sends them; the console's own requests are not counted there) shows in the request
// rate chart and puts its partition at the top of the heat map; the view polls every 2 s only
// while the page is visible.
// Broken once each and watched red: each table's partitions sorted coolest first (the first cell
// was 'warm'), and visibilitychange restarting the polling whatever the state (14 requests
// instead of 4 while hidden).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openConsole, screenshot, uniqueTable } from './support.mjs';
import { tableRequest } from './signed-requests.mjs';

/** The data listener: TABULA_DATA_URL, else the address the server logged when it started. */
function dataEndpoint() {
  if (process.env.TABULA_DATA_URL) return process.env.TABULA_DATA_URL;
  const log = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'target', 'server.log'), 'utf8');
  const match = log.match(/Tabula listening on (http:\/\/[^\s/]+)/);
  assert.ok(match, 'the server log names the data listener');
  return match[1];
}

async function expectStatus(responsePromise, status) {
  const response = await responsePromise;
  await response.arrayBuffer();
  assert.equal(response.status, status);
}

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('load on one partition shows in the rate chart and the heat map', async () => {
  const endpoint = dataEndpoint();
  const table = uniqueTable('Live');
  await expectStatus(tableRequest(endpoint, 'POST', 'Tables', { body: { TableName: table } }), 201);
  await expectStatus(tableRequest(endpoint, 'POST', table, { body: { PartitionKey: 'hot', RowKey: 'r0', n: 1 } }), 201);
  const point = `${table}(PartitionKey='hot',RowKey='r0')`;
  for (let round = 0; round < 20; round++) {
    await Promise.all(Array.from({ length: 10 }, () => expectStatus(tableRequest(endpoint, 'GET', point), 200)));
  }
  for (let i = 0; i < 3; i++) {
    await expectStatus(tableRequest(endpoint, 'GET', `${table}(PartitionKey='warm',RowKey='none')`), 404);
  }

  const page = await openConsole(browser);
  await page.getByTestId('tab-live').click();
  const live = page.getByTestId('live-view');
  await live.waitFor();

  // The heat map: the table's row lists 'hot' first with its 201 requests (the insert and the 200
  // reads), then 'warm' with its 3 refused reads.
  const row = page.getByTestId('heatmap-row').filter({ hasText: table });
  const hot = row.getByTestId('heat-cell').first();
  await hot.waitFor();
  assert.equal(await hot.getAttribute('data-partition'), 'hot');
  assert.equal(await hot.locator('.heat-count').textContent(), '201');
  assert.equal(await row.getByTestId('heat-cell').nth(1).getAttribute('data-partition'), 'warm');
  assert.equal(await row.getByTestId('heat-cell').nth(1).locator('.heat-count').textContent(), '3');

  // The charts: the seconds of the load are whole within a poll or two.
  await page.waitForFunction(() => {
    const summary = document.querySelector('[data-testid=live-rate-summary]');
    const total = summary && summary.textContent.match(/(\d+) in all/);
    return total && Number(total[1]) >= 205;
  }, null, { timeout: 10_000 });
  const rate = await page.getByTestId('live-rate-summary').textContent();
  const peak = Number(rate.match(/peak (\d+)/)[1]);
  assert.ok(peak > 0, `a non-zero peak rate: ${rate}`);
  assert.equal(await page.getByTestId('live-rate').getAttribute('data-points'), '300');
  assert.equal(await page.getByTestId('live-rate').locator('canvas').count(), 1);
  assert.match(await page.getByTestId('live-latency-summary').textContent(), /worst p99 \d/);
  assert.match(await page.getByTestId('live-errors-summary').textContent(), /^([3-9]|\d\d+) errors, 0 answered 503/);

  await page.getByTestId('live-minutes').selectOption('1');
  await page.waitForFunction(() => document.querySelector('[data-testid=live-rate]')?.dataset.points === '60');

  await screenshot(page, 'live-view');
  assert.deepEqual(page.errors, []);
});

test('the live view polls every 2 s while visible, and not while the tab is hidden', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.clock.install();
  // Counts the view's requests as it makes them, and lets the test say whether the tab shows.
  await page.addInitScript(() => {
    window.activityRequests = 0;
    const fetched = window.fetch.bind(window);
    window.fetch = (url, options) => {
      if (String(url).includes('api/activity')) window.activityRequests++;
      return fetched(url, options);
    };
    window.tabHidden = false;
    Object.defineProperty(document, 'visibilityState', { get: () => (window.tabHidden ? 'hidden' : 'visible') });
  });
  await page.goto(process.env.TABULA_CONSOLE_URL);
  await page.getByTestId('tab-live').click();
  await page.getByTestId('live-rate').waitFor();
  const asked = () => page.evaluate(() => window.activityRequests);

  assert.equal(await asked(), 1);
  await page.clock.runFor(6_000);
  assert.equal(await asked(), 4);

  await page.evaluate(() => { window.tabHidden = true; document.dispatchEvent(new Event('visibilitychange')); });
  await page.clock.runFor(20_000);
  assert.equal(await asked(), 4, 'a hidden tab asks nothing');

  await page.evaluate(() => { window.tabHidden = false; document.dispatchEvent(new Event('visibilitychange')); });
  assert.equal(await asked(), 5, 'a tab shown again asks at once');
  await page.clock.runFor(2_000);
  assert.equal(await asked(), 6);
  assert.deepEqual(page.errors, []);
  await page.close();
});
