// The grid pages through 250 entities 100 at a time with the service's continuation tokens, shows
// the columns present on the page and each value's Edm type.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openConsole, screenshot, createTable, insertEntities, uniqueTable } from './support.mjs';

let browser;
let table;
before(async () => {
  browser = await launch();
  table = uniqueTable('Paged');
  await createTable(table);
  const entities = [];
  for (let i = 0; i < 250; i++) {
    const rk = String(i).padStart(4, '0');
    const entity = { PartitionKey: `p${Math.floor(i / 50)}`, RowKey: rk, Count: i, 'Big@odata.type': 'Edm.Int64', Big: String(1e12 + i) };
    if (i % 2 === 0) entity.Even = true;
    entities.push(entity);
  }
  await insertEntities(table, entities);
});
after(async () => { await browser?.close(); });

async function rowKeys(page) {
  return page.locator('[data-testid$="-RowKey"]').allTextContents();
}

test('the grid pages through continuation tokens, one page of 100 at a time', async () => {
  const page = await openConsole(browser);
  await page.getByTestId(`table-${table}`).click();
  const info = page.getByTestId('page-info');
  await page.getByText('Page 1: entities 1–100').waitFor();
  assert.equal(await page.getByTestId('prev-page').isDisabled(), true);
  let keys = await rowKeys(page);
  assert.equal(keys.length, 100);
  assert.equal(keys[0], '0000');
  assert.equal(keys[99], '0099');
  const headers = await page.locator('[data-testid="entity-grid"] th[scope="col"]').allTextContents();
  assert.deepEqual(headers, ['PartitionKey', 'RowKey', 'Timestamp', 'Count', 'Big', 'Even']);
  assert.equal(await page.getByTestId('cell-3-Count').textContent(), '3Int32');
  assert.equal(await page.getByTestId('cell-3-Big').textContent(), '1000000000003Int64');
  assert.equal(await page.getByTestId('cell-2-Even').textContent(), 'trueBoolean');
  assert.equal(await page.getByTestId('cell-3-Even').textContent(), '');
  await screenshot(page, 'grid-page-1');

  await page.getByTestId('next-page').click();
  await page.getByText('Page 2: entities 101–200').waitFor();
  keys = await rowKeys(page);
  assert.deepEqual([keys.length, keys[0], keys[99]], [100, '0100', '0199']);

  await page.getByTestId('next-page').click();
  await page.getByText('Page 3: entities 201–250').waitFor();
  keys = await rowKeys(page);
  assert.deepEqual([keys.length, keys[0], keys[49]], [50, '0200', '0249']);
  assert.equal(await page.getByTestId('next-page').isDisabled(), true);
  await screenshot(page, 'grid-paging');

  await page.getByTestId('prev-page').click();
  await page.getByText('Page 2: entities 101–200').waitFor();
  assert.equal((await rowKeys(page))[0], '0100');
  assert.equal(await info.textContent(), 'Page 2: entities 101–200');
});

test('a smaller page size pages the same way', async () => {
  const page = await openConsole(browser);
  await page.getByTestId(`table-${table}`).click();
  await page.getByText('Page 1: entities 1–100').waitFor();
  await page.getByTestId('page-size').selectOption('25');
  await page.getByText('Page 1: entities 1–25').waitFor();
  await page.getByTestId('next-page').click();
  await page.getByText('Page 2: entities 26–50').waitFor();
  assert.equal((await rowKeys(page))[0], '0025');
});
