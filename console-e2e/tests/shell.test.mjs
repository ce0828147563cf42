// The page loads from the admin listener with every module, and lists the account's tables.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openConsole, screenshot, createTable, uniqueTable } from './support.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('the console loads and lists the tables of the account', async () => {
  const names = [uniqueTable('Shell'), uniqueTable('Shell')];
  for (const name of names) await createTable(name);
  const page = await openConsole(browser);
  assert.equal(await page.locator('h1').textContent(), 'Tabula Console');
  assert.match(await page.getByTestId('server-info').textContent(), /^Tabula \S+ on rocksdb$/);
  assert.equal(await page.getByTestId('account-picker').inputValue(), 'devstoreaccount1');
  for (const name of names) {
    await page.getByTestId(`table-${name}`).waitFor();
    assert.equal(await page.getByTestId(`table-${name}`).textContent(), name);
  }
  await screenshot(page, 'shell-tables-listed');
  assert.deepEqual(page.errors, []);
});
