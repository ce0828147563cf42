// The entity editor: typed values, replace and merge, add and remove properties, insert, delete,
// every write with If-Match, and a 412 conflict resolved both ways (reload, overwrite).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openConsole, screenshot, createTable, consoleApi, uniqueTable } from './support.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function seeded(entities) {
  const table = uniqueTable('Edit');
  await createTable(table);
  for (const entity of entities) await consoleApi('POST', table, entity);
  return table;
}

async function stored(table, pk, rk) {
  const response = await consoleApi('GET', `${table}(PartitionKey='${pk}',RowKey='${rk}')`);
  return response.json();
}

async function openEntity(page, table, index = 0) {
  await page.getByTestId(`table-${table}`).click();
  await page.getByTestId(`entity-row-${index}`).click();
  await page.getByTestId('entity-editor').waitFor();
}

/** The editor row index of the property called name. */
async function propIndex(page, name) {
  const names = await page.locator('[data-testid^="prop-name-"]').evaluateAll((inputs) => inputs.map((i) => i.value));
  const index = names.indexOf(name);
  assert.notEqual(index, -1, `no property ${name} among ${names}`);
  return index;
}

const TYPED = {
  PartitionKey: 'p', RowKey: 'r',
  Name: 'Ada', Age: 36, Ratio: 2.0, 'Ratio@odata.type': 'Edm.Double',
  'Big@odata.type': 'Edm.Int64', Big: '9007199254740993',
  'When@odata.type': 'Edm.DateTime', When: '2024-05-01T12:00:00Z',
  'Id@odata.type': 'Edm.Guid', Id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  Active: true,
};

test('the editor shows each value with its Edm type, and replace keeps the types', async () => {
  const table = await seeded([TYPED]);
  const page = await openConsole(browser);
  await openEntity(page, table);
  const types = {};
  for (const name of ['Name', 'Age', 'Ratio', 'Big', 'When', 'Id', 'Active']) {
    types[name] = await page.getByTestId(`prop-type-${await propIndex(page, name)}`).inputValue();
  }
  assert.deepEqual(types, {
    Name: 'Edm.String', Age: 'Edm.Int32', Ratio: 'Edm.Double', Big: 'Edm.Int64',
    When: 'Edm.DateTime', Id: 'Edm.Guid', Active: 'Edm.Boolean',
  });
  assert.equal(await page.getByTestId(`prop-value-${await propIndex(page, 'Big')}`).inputValue(), '9007199254740993');
  await page.getByTestId(`prop-value-${await propIndex(page, 'Age')}`).fill('37');
  await page.getByTestId(`prop-value-${await propIndex(page, 'Big')}`).fill('9007199254740995');
  await screenshot(page, 'entity-edit');
  await page.getByTestId('save-replace').click();
  await page.getByTestId('entity-editor').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('status').textContent(), 'Entity p / r saved (replace).');
  await page.getByText('37Int32').waitFor();
  const after = await stored(table, 'p', 'r');
  assert.equal(after.Age, 37);
  assert.equal(after.Big, '9007199254740995');
  assert.equal(after['Big@odata.type'], 'Edm.Int64');
  assert.equal(after['Ratio@odata.type'], undefined); // a Double: the service infers it
  assert.equal(after['When@odata.type'], 'Edm.DateTime');
});

test('replace drops a removed property; merge keeps it and adds a new one', async () => {
  const table = await seeded([{ PartitionKey: 'p', RowKey: 'r', Keep: 'k', Drop: 'd' }]);
  const page = await openConsole(browser);
  await openEntity(page, table);
  await page.getByTestId(`remove-property-${await propIndex(page, 'Drop')}`).click();
  await page.getByTestId('add-property').click();
  const added = await propIndex(page, '');
  await page.getByTestId(`prop-name-${added}`).fill('Added');
  await page.getByTestId(`prop-type-${added}`).selectOption('Edm.Int64');
  await page.getByTestId(`prop-value-${added}`).fill('42');
  await page.getByTestId('save-merge').click();
  await page.getByTestId('entity-editor').waitFor({ state: 'detached' });
  let after = await stored(table, 'p', 'r');
  assert.deepEqual([after.Keep, after.Drop, after.Added, after['Added@odata.type']], ['k', 'd', '42', 'Edm.Int64']);

  await page.getByTestId('entity-row-0').click();
  await page.getByTestId(`remove-property-${await propIndex(page, 'Drop')}`).click();
  await page.getByTestId('save-replace').click();
  await page.getByTestId('entity-editor').waitFor({ state: 'detached' });
  after = await stored(table, 'p', 'r');
  assert.deepEqual([after.Keep, after.Drop, after.Added], ['k', undefined, '42']);
});

test('a value its type refuses is reported and nothing is sent', async () => {
  const table = await seeded([{ PartitionKey: 'p', RowKey: 'r', Age: 1 }]);
  const page = await openConsole(browser);
  await openEntity(page, table);
  await page.getByTestId(`prop-value-${await propIndex(page, 'Age')}`).fill('old');
  await page.getByTestId('save-replace').click();
  assert.equal(await page.getByTestId('editor-error').textContent(), 'Age: "old" is not a valid Int32');
  assert.equal((await stored(table, 'p', 'r')).Age, 1);
});

test('New entity inserts one; an existing key shows the service error', async () => {
  const table = await seeded([{ PartitionKey: 'p', RowKey: 'exists' }]);
  const page = await openConsole(browser);
  await page.getByTestId(`table-${table}`).click();
  await page.getByTestId('entity-row-0').waitFor();
  await page.getByTestId('new-entity').click();
  await page.getByTestId('editor-pk').fill('p');
  await page.getByTestId('editor-rk').fill('new');
  await page.getByTestId('add-property').click();
  await page.getByTestId('prop-name-0').fill('Colour');
  await page.getByTestId('prop-value-0').fill('blue');
  await screenshot(page, 'entity-insert');
  await page.getByTestId('save-insert').click();
  await page.getByTestId('entity-editor').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('status').textContent(), 'Entity p / new inserted.');
  await page.getByText('blueString').waitFor();
  assert.equal((await stored(table, 'p', 'new')).Colour, 'blue');

  await page.getByTestId('new-entity').click();
  await page.getByTestId('editor-pk').fill('p');
  await page.getByTestId('editor-rk').fill('exists');
  await page.getByTestId('save-insert').click();
  await page.getByTestId('editor-error').waitFor();
  assert.match(await page.getByTestId('editor-error').textContent(), /^409 EntityAlreadyExists: /);
});

test('Delete asks, then deletes with the ETag', async () => {
  const table = await seeded([{ PartitionKey: 'p', RowKey: 'a' }, { PartitionKey: 'p', RowKey: 'b' }]);
  const page = await openConsole(browser);
  await openEntity(page, table, 0);
  await page.getByTestId('delete-entity').click();
  await page.getByTestId('confirm-entity-delete').waitFor();
  await screenshot(page, 'entity-delete');
  await page.getByTestId('confirm-entity-delete-yes').click();
  await page.getByTestId('entity-editor').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('status').textContent(), 'Entity p / a deleted.');
  await page.getByText('Page 1: entities 1–1').waitFor();
  assert.equal(await page.getByTestId('cell-0-RowKey').textContent(), 'b');
});

test('a 412 conflict: Reload discards my edits, Overwrite writes them with If-Match *', async () => {
  const table = await seeded([{ PartitionKey: 'p', RowKey: 'r', Value: 'original' }]);
  const page = await openConsole(browser);
  await openEntity(page, table);
  // Someone else writes the entity after the editor opened it.
  await consoleApi('PUT', `${table}(PartitionKey='p',RowKey='r')`, { Value: 'theirs' }, { 'If-Match': '*' });
  const value = page.getByTestId(`prop-value-${await propIndex(page, 'Value')}`);
  await value.fill('mine');
  await page.getByTestId('save-replace').click();
  await page.getByTestId('conflict-panel').waitFor();
  assert.match(await page.getByTestId('conflict-panel').textContent(), /changed since you opened it \(412 UpdateConditionNotSatisfied\)/);
  await screenshot(page, 'entity-conflict');
  await page.getByTestId('conflict-reload').click();
  await page.getByTestId('conflict-panel').waitFor({ state: 'detached' });
  assert.equal(await value.inputValue(), 'theirs');
  assert.equal((await stored(table, 'p', 'r')).Value, 'theirs');

  // Reloaded: the new ETag is used, so saving now succeeds without a conflict.
  await value.fill('mine after reload');
  await page.getByTestId('save-replace').click();
  await page.getByTestId('entity-editor').waitFor({ state: 'detached' });
  assert.equal((await stored(table, 'p', 'r')).Value, 'mine after reload');

  // Conflict again, resolved by overwriting.
  await page.getByTestId('entity-row-0').click();
  await consoleApi('PUT', `${table}(PartitionKey='p',RowKey='r')`, { Value: 'theirs again' }, { 'If-Match': '*' });
  await page.getByTestId(`prop-value-${await propIndex(page, 'Value')}`).fill('mine wins');
  await page.getByTestId('save-merge').click();
  await page.getByTestId('conflict-panel').waitFor();
  await page.getByTestId('conflict-overwrite').click();
  await page.getByTestId('entity-editor').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('status').textContent(), 'Entity p / r saved (merge, overwritten).');
  assert.equal((await stored(table, 'p', 'r')).Value, 'mine wins');
});
