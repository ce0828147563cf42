// Tables: create one from the form, delete one after a confirmation dialog that names it (and
// keep it when the dialog is cancelled), and the dialog used from the keyboard alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openConsole, screenshot, createTable, uniqueTable } from './support.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a table created from the form appears in the list and is selected', async () => {
  const page = await openConsole(browser);
  const name = uniqueTable('Created');
  await page.getByTestId('new-table-name').fill(name);
  await page.getByTestId('create-table').click();
  await page.getByTestId(`table-${name}`).waitFor();
  assert.equal(await page.getByTestId('status').textContent(), `Table ${name} created.`);
  assert.equal(await page.getByTestId('new-table-name').inputValue(), '');
  assert.equal(await page.getByTestId(`table-${name}`).getAttribute('aria-current'), 'true');
  await screenshot(page, 'table-create');
});

test('a table name the service refuses shows its error code', async () => {
  const name = uniqueTable('Dup');
  await createTable(name);
  const page = await openConsole(browser);
  await page.getByTestId(`table-${name}`).waitFor();
  await page.getByTestId('new-table-name').fill(name);
  await page.getByTestId('create-table').click();
  await page.getByTestId('tables-error').waitFor();
  assert.match(await page.getByTestId('tables-error').textContent(), /^409 TableAlreadyExists: /);
});

test('deleting a table asks first, naming it; cancel keeps it, confirm deletes it', async () => {
  const name = uniqueTable('Doomed');
  await createTable(name);
  const page = await openConsole(browser);
  await page.getByTestId(`delete-table-${name}`).click();
  const dialog = page.getByTestId('confirm-delete-table');
  await dialog.waitFor();
  assert.equal(await dialog.locator('h2').textContent(), `Delete table ${name}?`);
  assert.equal(await page.getByTestId('confirm-delete').textContent(), `Delete ${name}`);
  await screenshot(page, 'table-delete-confirmation');
  await page.getByTestId('cancel-delete').click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId(`table-${name}`).count(), 1);

  await page.getByTestId(`delete-table-${name}`).click();
  await page.getByTestId('confirm-delete').click();
  await page.getByTestId(`table-${name}`).waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('status').textContent(), `Table ${name} deleted.`);
});

test('the delete dialog works from the keyboard: focus moves in, Escape closes it', async () => {
  const name = uniqueTable('Keys');
  await createTable(name);
  const page = await openConsole(browser);
  await page.getByTestId(`delete-table-${name}`).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('confirm-delete-table');
  await dialog.waitFor();
  // Focus is inside the dialog, on the safe choice.
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'cancel-delete');
  await screenshot(page, 'keyboard-dialog');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId(`table-${name}`).count(), 1);
  // Tab to the confirm button and press Enter: deleted without the mouse.
  await page.getByTestId(`delete-table-${name}`).focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'confirm-delete');
  await page.keyboard.press('Enter');
  await page.getByTestId(`table-${name}`).waitFor({ state: 'detached' });
});
