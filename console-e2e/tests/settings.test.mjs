// A table's extension settings from the table list: the dialog shows what the server holds, saves a
// time-to-live as the settings extension's JSON, shows it again when reopened, and shows the
// service's error, unchanged, for a document the server refuses; a change feed (the e2e server runs
// RocksDB, which keeps one) is saved with its retention and shown again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openConsole, screenshot, createTable, uniqueTable, consoleApi } from './support.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function storedSettings(table) {
  const response = await consoleApi('GET', `${table}?comp=tabula-settings`, undefined,
    { 'x-tabula-extensions': 'settings', Accept: 'application/json' });
  assert.equal(response.status, 200);
  return response.json();
}

test('a time-to-live saved in the dialog is the table\'s setting, and shown again', async () => {
  const name = uniqueTable('Expiring');
  await createTable(name);
  const page = await openConsole(browser);
  await page.getByTestId(`settings-table-${name}`).click();
  const dialog = page.getByTestId('table-settings');
  await dialog.waitFor();
  assert.equal(await page.getByTestId('ttl-mode').inputValue(), 'off');
  assert.equal(await page.getByTestId('feed-on').isChecked(), false);

  await page.getByTestId('ttl-mode').selectOption('default');
  await page.getByTestId('ttl-seconds').fill('3600');
  await screenshot(page, 'table-settings');
  await page.getByTestId('save-settings').click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('status').textContent(), `Settings of ${name} saved.`);
  assert.deepEqual(await storedSettings(name), { timeToLive: 3600, changeFeed: null });

  await page.getByTestId(`settings-table-${name}`).click();
  await dialog.waitFor();
  assert.equal(await page.getByTestId('ttl-mode').inputValue(), 'default');
  assert.equal(await page.getByTestId('ttl-seconds').inputValue(), '3600');
  await page.getByTestId('ttl-mode').selectOption('own');
  await page.getByTestId('save-settings').click();
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(await storedSettings(name), { timeToLive: -1, changeFeed: null });
});

test('a setting the server refuses shows its error and keeps the dialog open', async () => {
  const name = uniqueTable('Refused');
  await createTable(name);
  const page = await openConsole(browser);
  await page.getByTestId(`settings-table-${name}`).click();
  await page.getByTestId('table-settings').waitFor();
  await page.getByTestId('ttl-mode').selectOption('default');
  // 2^31 seconds: the browser's number field takes it, the server's bound does not.
  await page.getByTestId('ttl-seconds').fill('2147483648');
  await page.getByTestId('save-settings').click();
  await page.getByTestId('settings-error').waitFor();
  assert.match(await page.getByTestId('settings-error').textContent(), /^400 OutOfRangeInput: /);
  assert.equal(await page.getByTestId('table-settings').count(), 1);
  assert.deepEqual(await storedSettings(name), { timeToLive: null, changeFeed: null });
});

test('a change feed switched on in the dialog is kept with its retention', async () => {
  const name = uniqueTable('Followed');
  await createTable(name);
  const page = await openConsole(browser);
  await page.getByTestId(`settings-table-${name}`).click();
  await page.getByTestId('table-settings').waitFor();
  await page.getByTestId('feed-on').check();
  assert.equal(await page.getByTestId('feed-retention').inputValue(), '604800');
  await page.getByTestId('feed-retention').fill('3600');
  await page.getByTestId('save-settings').click();
  await page.getByTestId('table-settings').waitFor({ state: 'detached' });
  assert.deepEqual(await storedSettings(name), { timeToLive: null, changeFeed: { retentionSeconds: 3600 } });

  await page.getByTestId(`settings-table-${name}`).click();
  await page.getByTestId('table-settings').waitFor();
  assert.equal(await page.getByTestId('feed-on').isChecked(), true);
  assert.equal(await page.getByTestId('feed-retention').inputValue(), '3600');
});
