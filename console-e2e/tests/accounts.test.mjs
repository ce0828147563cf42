// The account picker: the console acts as each account served, and each sees its own tables.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openConsole, screenshot, createTable, uniqueTable } from './support.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('the picker switches the account, and each account lists its own tables', async () => {
  const mine = uniqueTable('Dev');
  const theirs = uniqueTable('Second');
  await createTable(mine);
  await createTable(theirs, 'second');
  const page = await openConsole(browser);
  const picker = page.getByTestId('account-picker');
  assert.deepEqual(await picker.locator('option').allTextContents(), ['devstoreaccount1', 'second']);
  await page.getByTestId(`table-${mine}`).waitFor();
  assert.equal(await page.getByTestId(`table-${theirs}`).count(), 0);

  await picker.selectOption('second');
  await page.getByTestId(`table-${theirs}`).waitFor();
  assert.equal(await page.getByTestId(`table-${mine}`).count(), 0);
  await page.getByTestId(`table-${theirs}`).click();
  await page.getByText('Page 1: no entities').waitFor();
  await screenshot(page, 'account-picker');
});
