// A table's extension settings from the table list: the dialog shows what the server holds, saves a
// time-to-live as the settings extension's JSON, shows it again when reopened, and shows the
// service's error, unchanged, for a document the server refuses; a change feed (the e2e server runs
// RocksDB, which keeps one) is saved with its retention and shown again. Secondary indexes (RocksDB
// has them too) are shown with their state, added and removed in the dialog, and carried through a
// change of another setting: a PUT replaces every setting, so a dialog that sent only the
// time-to-live and the change feed would drop them (it did, before indexes: the carrying test was
// red against that settings.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openConsole, screenshot, createTable, uniqueTable, consoleApi, insertEntities,
} from './support.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function storedSettings(table) {
  const response = await consoleApi('GET', `${table}?comp=tabula-settings`, undefined,
    { 'x-tabula-extensions': 'settings', Accept: 'application/json' });
  assert.equal(response.status, 200);
  return response.json();
}

async function storeSettings(table, settings) {
  const response = await consoleApi('PUT', `${table}?comp=tabula-settings`, settings,
    { 'x-tabula-extensions': 'settings', Accept: 'application/json' });
  assert.equal(response.status, 204);
}

/** The table's indexes by name and property, as a PUT states them (the state is the server's). */
async function storedIndexes(table) {
  return (await storedSettings(table)).indexes.map(({ name, property }) => ({ name, property }));
}

/** Waits until every index of the table is ready (a small table's build takes a moment). */
async function untilReady(table) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { indexes } = await storedSettings(table);
    if (indexes.every((index) => index.state === 'ready')) return;
    assert.ok(Date.now() < deadline, `indexes of ${table} still building: ${JSON.stringify(indexes)}`);
    await new Promise((resolve) => { setTimeout(resolve, 50); });
  }
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
  assert.deepEqual(await storedSettings(name), { timeToLive: 3600, changeFeed: null, indexes: [] });

  await page.getByTestId(`settings-table-${name}`).click();
  await dialog.waitFor();
  assert.equal(await page.getByTestId('ttl-mode').inputValue(), 'default');
  assert.equal(await page.getByTestId('ttl-seconds').inputValue(), '3600');
  await page.getByTestId('ttl-mode').selectOption('own');
  await page.getByTestId('save-settings').click();
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(await storedSettings(name), { timeToLive: -1, changeFeed: null, indexes: [] });
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
  assert.deepEqual(await storedSettings(name), { timeToLive: null, changeFeed: null, indexes: [] });
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
  assert.deepEqual(await storedSettings(name), { timeToLive: null, changeFeed: { retentionSeconds: 3600 }, indexes: [] });

  await page.getByTestId(`settings-table-${name}`).click();
  await page.getByTestId('table-settings').waitFor();
  assert.equal(await page.getByTestId('feed-on').isChecked(), true);
  assert.equal(await page.getByTestId('feed-retention').inputValue(), '3600');
});

test('indexes are carried through a change of the time-to-live, and shown with their state', async () => {
  const name = uniqueTable('Indexed');
  await createTable(name);
  await insertEntities(name, [{ PartitionKey: 'p', RowKey: '1', Status: 'open' }]);
  await storeSettings(name, { indexes: [{ name: 'byStatus', property: 'Status' }] });
  await untilReady(name);
  const page = await openConsole(browser);
  await page.getByTestId(`settings-table-${name}`).click();
  const dialog = page.getByTestId('table-settings');
  await dialog.waitFor();
  await page.getByTestId('ttl-mode').selectOption('own');
  await page.getByTestId('save-settings').click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal((await storedSettings(name)).timeToLive, -1);
  assert.deepEqual(await storedIndexes(name), [{ name: 'byStatus', property: 'Status' }]);

  await page.getByTestId(`settings-table-${name}`).click();
  await dialog.waitFor();
  const row = page.getByTestId('index-byStatus');
  assert.deepEqual(await row.locator('td').allTextContents(), ['byStatus', 'Status', 'ready', 'Remove']);
});

test('an index added and one removed in the dialog are the table\'s indexes after Save', async () => {
  const name = uniqueTable('Reindexed');
  await createTable(name);
  await insertEntities(name, [
    { PartitionKey: 'p', RowKey: '1', Status: 'open', City: 'Oslo', Age: 30 },
    { PartitionKey: 'p', RowKey: '2', Status: 'done', City: 'Rome', Age: 41 },
  ]);
  await storeSettings(name, {
    timeToLive: 3600,
    indexes: [{ name: 'byStatus', property: 'Status' }, { name: 'byCity', property: 'City' }],
  });
  const page = await openConsole(browser);
  await page.getByTestId(`settings-table-${name}`).click();
  const dialog = page.getByTestId('table-settings');
  await dialog.waitFor();
  assert.match(await page.getByTestId('index-state-byCity').textContent(), /^(building|ready)$/);

  await page.getByTestId('remove-index-byCity').click();
  assert.equal(await page.getByTestId('index-byCity').count(), 0);
  await page.getByTestId('index-name').fill('byStatus');
  await page.getByTestId('index-property').fill('State');
  await page.getByTestId('add-index').click();
  assert.match(await page.getByTestId('index-problem').textContent(), /already has an index named byStatus/);
  await page.getByTestId('index-name').fill('byAge');
  await page.getByTestId('index-property').fill('Age');
  await page.getByTestId('index-property').press('Enter');
  assert.equal(await page.getByTestId('index-state-byAge').textContent(), 'new: built after Save');
  assert.equal(await page.getByTestId('index-problem').count(), 0);
  assert.equal(await dialog.count(), 1, 'Enter in the new index\'s fields adds it, it does not save');
  await screenshot(page, 'table-settings-indexes');
  await page.getByTestId('save-settings').click();
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(await storedIndexes(name),
    [{ name: 'byStatus', property: 'Status' }, { name: 'byAge', property: 'Age' }]);
  assert.equal((await storedSettings(name)).timeToLive, 3600);

  await untilReady(name);
  await page.getByTestId(`settings-table-${name}`).click();
  await dialog.waitFor();
  assert.equal(await page.getByTestId('index-state-byAge').textContent(), 'ready');
  await page.getByTestId('remove-index-byStatus').click();
  await page.getByTestId('remove-index-byAge').click();
  assert.equal(await page.getByTestId('no-indexes').count(), 1);
  await page.getByTestId('save-settings').click();
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(await storedIndexes(name), []);
});

test('an index the server refuses shows its error and keeps the dialog open', async () => {
  const name = uniqueTable('BadIndex');
  await createTable(name);
  const page = await openConsole(browser);
  await page.getByTestId(`settings-table-${name}`).click();
  await page.getByTestId('table-settings').waitFor();
  await page.getByTestId('index-name').fill('byKey');
  await page.getByTestId('index-property').fill('PartitionKey');
  await page.getByTestId('add-index').click();
  await page.getByTestId('save-settings').click();
  await page.getByTestId('settings-error').waitFor();
  assert.match(await page.getByTestId('settings-error').textContent(), /^400 InvalidInput: /);
  assert.equal(await page.getByTestId('table-settings').count(), 1);
  assert.deepEqual(await storedIndexes(name), []);
});
