// The query builder shows the plan Tabula chose (point, partition, scan), entities scanned versus
// returned, and the time taken, with a hint on what the plan means.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openConsole, screenshot, createTable, insertEntities, uniqueTable } from './support.mjs';

let browser;
let table;
before(async () => {
  browser = await launch();
  table = uniqueTable('Query');
  await createTable(table);
  const entities = [];
  for (let p = 0; p < 4; p++) {
    for (let r = 0; r < 30; r++) {
      entities.push({ PartitionKey: `p${p}`, RowKey: String(r).padStart(2, '0'), Score: p * 100 + r, Name: `n${p}-${r}` });
    }
  }
  await insertEntities(table, entities);
});
after(async () => { await browser?.close(); });

async function runQuery(page, { filter = '', select = '', top = '100' }) {
  await page.getByTestId('query-filter').fill(filter);
  await page.getByTestId('query-select').fill(select);
  await page.getByTestId('query-top').fill(top);
  await page.getByTestId('query-run').click();
  await page.getByTestId('query-run').and(page.locator(':enabled')).waitFor();
  await page.getByTestId('query-plan').waitFor();
  return {
    plan: await page.getByTestId('plan-kind').textContent(),
    scanned: Number(await page.getByTestId('plan-scanned').textContent()),
    returned: Number(await page.getByTestId('plan-returned').textContent()),
    hint: await page.getByTestId('plan-hint').textContent(),
    server: await page.getByTestId('time-server').textContent(),
    browser: await page.getByTestId('time-browser').textContent(),
  };
}

async function queryPage() {
  const page = await openConsole(browser);
  await page.getByTestId('tab-query').click();
  await page.getByTestId(`table-${table}`).click();
  await page.getByTestId('query-filter').waitFor();
  return page;
}

test('a point query reads one entity', async () => {
  const page = await queryPage();
  const result = await runQuery(page, { filter: "PartitionKey eq 'p1' and RowKey eq '07'" });
  assert.deepEqual([result.plan, result.scanned, result.returned], ['point', 1, 1]);
  assert.match(result.hint, /^Point query: /);
  assert.match(result.server, /^\d+\.\d ms$/);
  assert.match(result.browser, /^\d+\.\d ms$/);
  assert.equal(await page.locator('[data-testid="query-results"] tbody tr').count(), 1);
  await screenshot(page, 'query-point');
});

test('a partition query reads one partition only', async () => {
  const page = await queryPage();
  const result = await runQuery(page, { filter: "PartitionKey eq 'p2' and Score ge 210", select: 'Score' });
  assert.deepEqual([result.plan, result.scanned, result.returned], ['partition', 30, 20]);
  assert.match(result.hint, /^Partition query: /);
  // As the service does, $select returns the selected properties only.
  const headers = await page.locator('[data-testid="query-results"] th').allTextContents();
  assert.deepEqual(headers, ['Score']);
  await screenshot(page, 'query-partition');
});

test('a filter without keys scans the whole table, and the hint says what to do', async () => {
  const page = await queryPage();
  const result = await runQuery(page, { filter: 'Score lt 5 or Score gt 325', top: '1000' });
  assert.deepEqual([result.plan, result.scanned, result.returned], ['scan', 120, 9]);
  assert.match(result.hint, /^Table scan: the whole table is read.*PartitionKey/);
  await screenshot(page, 'query-scan');
  assert.deepEqual(page.errors, []);
});

test('$top pages the results and a bad filter shows the service error', async () => {
  const page = await queryPage();
  const result = await runQuery(page, { filter: "PartitionKey eq 'p0'", top: '10' });
  assert.equal(result.returned, 10);
  await page.getByTestId('query-next').click();
  await page.locator('[data-testid="query-results"] td').filter({ hasText: /^n0-10String$/ }).waitFor();
  assert.equal(await page.locator('[data-testid="query-results"] tbody tr').count(), 10);
  await page.getByTestId('query-filter').fill('Score eq');
  await page.getByTestId('query-run').click();
  await page.getByTestId('query-error').waitFor();
  assert.match(await page.getByTestId('query-error').textContent(), /^400 InvalidInput: /);
});

// Tabula's extensions (docs/extensions.md). Count always asks for the count extension; startswith()
// is sent only while its box is ticked, so without it the service answers as Azure does (501).
test('Count counts on the server, and startswith() works only when allowed', async () => {
  const page = await queryPage();
  await page.getByTestId('query-filter').fill("PartitionKey eq 'p1'");
  await page.getByTestId('query-count').click();
  await page.getByTestId('count-result').waitFor();
  assert.match(await page.getByTestId('count-result').textContent(),
    /^30 entities match, counted on the server without transferring them \(plan partition; 1 answer, /);

  await page.getByTestId('query-filter').fill("startswith(RowKey, '0')");
  await page.getByTestId('query-count').click();
  await page.getByTestId('query-error').waitFor();
  assert.match(await page.getByTestId('query-error').textContent(), /^501 NotImplemented: /);

  await page.getByTestId('query-extensions').check();
  await page.getByTestId('query-count').click();
  await page.getByTestId('count-result').waitFor();
  // RowKeys 00–09 in each of the 4 partitions.
  assert.match(await page.getByTestId('count-result').textContent(), /^40 entities match/);

  const result = await runQuery(page, { filter: "startswith(PartitionKey, 'p2') and Score lt 205" });
  assert.deepEqual([result.plan, result.returned], ['partition-range', 5]);
  await screenshot(page, 'query-extensions');
  // The browser logs the refused request itself; nothing else may go wrong.
  assert.deepEqual(page.errors.filter((e) => !/status of 501 \(Not Implemented\)/.test(e)), []);
});
