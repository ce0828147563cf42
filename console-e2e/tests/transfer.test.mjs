// Export and import of a table from the page, in the command line's formats (docs/console.md).
// Export: a one-time ticket, then a plain download link; the downloaded file is read back here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ACCOUNT, CONSOLE_URL, launch, openConsole, screenshot, createTable, insertEntities, uniqueTable, countEntities,
  importFile,
} from './support.mjs';

let browser;
let table;
before(async () => {
  browser = await launch();
  table = uniqueTable('Exported');
  await createTable(table);
  const entities = [];
  for (let i = 0; i < 250; i++) {
    const rk = String(i).padStart(4, '0');
    entities.push({ PartitionKey: `p${Math.floor(i / 50)}`, RowKey: rk, Count: i, 'Big@odata.type': 'Edm.Int64', Big: String(1e12 + i) });
  }
  await insertEntities(table, entities);
});
after(async () => { await browser?.close(); });

async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  const text = await readFile(await file.path(), 'utf8');
  return { name: file.suggestedFilename(), text };
}

test('export downloads the whole table as JSON Lines and as CSV, with the rows counted', async () => {
  const page = await openConsole(browser);
  await page.getByTestId(`table-${table}`).click();
  await page.getByText('Page 1: entities 1–100').waitFor();

  const jsonl = await download(page, 'export-jsonl');
  assert.equal(jsonl.name, `${table}.jsonl`);
  const lines = jsonl.text.split('\n').filter((l) => l);
  assert.equal(lines.length, 250);
  const first = JSON.parse(lines[0]);
  assert.equal(first.PartitionKey, 'p0');
  assert.equal(first.RowKey, '0000');
  assert.equal(first.Count, 0);
  assert.equal(first.Big, '1000000000000');
  assert.equal(first['Big@odata.type'], 'Edm.Int64');
  assert.ok(first.Timestamp, 'the Timestamp is kept, as tabula export keeps it');
  assert.equal(JSON.parse(lines[249]).RowKey, '0249');
  await page.getByText('Exported 250 entities (jsonl)').waitFor();

  const csv = await download(page, 'export-csv');
  assert.equal(csv.name, `${table}.csv`);
  const rows = csv.text.split('\r\n').filter((l) => l);
  assert.equal(rows.length, 251);
  assert.equal(rows[0], 'PartitionKey,RowKey,Timestamp,Count,Count@type,Big,Big@type');
  assert.match(rows[1], /^p0,0000,[^,]+,0,Edm\.Int32,1000000000000,Edm\.Int64$/);
  await page.getByText('Exported 250 entities (csv)').waitFor();
  await screenshot(page, 'export');
  assert.deepEqual(page.errors, []);
});

test('an export link needs the console header or a one-time ticket', async () => {
  const plain = new URL(`api/export/${ACCOUNT}/${table}?format=jsonl`, CONSOLE_URL);
  assert.equal((await fetch(plain)).status, 403);
  const forged = new URL(`api/export/${ACCOUNT}/${table}?format=jsonl&ticket=00`, CONSOLE_URL);
  assert.equal((await fetch(forged)).status, 403);

  const issue = new URL(`api/export-tickets?account=${ACCOUNT}&table=${table}&format=csv`, CONSOLE_URL);
  assert.equal((await fetch(issue, { method: 'POST' })).status, 403, 'a ticket needs the header');
  const issued = await (await fetch(issue, { method: 'POST', headers: { 'X-Tabula-Console': '1' } })).json();
  const url = new URL(issued.url, CONSOLE_URL);
  assert.equal((await fetch(new URL(url.pathname + '?format=jsonl&ticket=' + issued.ticket, CONSOLE_URL))).status, 403,
    'a ticket is for one format');
  const once = await fetch(url);
  assert.equal(once.status, 200);
  assert.equal(once.headers.get('content-disposition'), `attachment; filename="${table}.csv"`);
  assert.equal((await once.text()).split('\r\n').filter((l) => l).length, 251);
  assert.equal((await fetch(url)).status, 403, 'a ticket is used once');

  const missing = await fetch(new URL(`api/export/${ACCOUNT}/NoSuchTable1?format=jsonl`, CONSOLE_URL),
    { headers: { 'X-Tabula-Console': '1' } });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('x-ms-error-code'), 'TableNotFound');
});

test('import sends a JSON Lines file of 2,500 entities in slices and shows the progress', async () => {
  const target = uniqueTable('Imported');
  await createTable(target);
  const folder = await mkdtemp(join(tmpdir(), 'tabula-import-'));
  const lines = [];
  for (let i = 0; i < 2500; i++) {
    lines.push(JSON.stringify({ PartitionKey: `p${Math.floor(i / 300)}`, RowKey: String(i).padStart(5, '0'), Name: `entity ${i} ${'x'.repeat(i % 40)}`, 'Big@odata.type': 'Edm.Int64', Big: String(1e12 + i) }));
  }
  const path = join(folder, `${target}.jsonl`);
  const text = lines.join('\n') + '\n';
  await writeFile(path, text);
  const slice = 64 * 1024;
  assert.ok(text.length > 3 * slice, 'more than three slices');

  const page = await openConsole(browser);
  await page.getByTestId(`table-${target}`).click();
  await page.getByText('Page 1: no entities').waitFor();
  await importFile(page, path, slice);
  await page.getByTestId('import-progress').waitFor();
  await screenshot(page, 'import-progress');
  await page.getByText(`Import done: ${text.length} of ${text.length} bytes, 2500 written, 0 failed`).waitFor({ timeout: 60_000 });
  await page.getByText('Page 1: entities 1–100').waitFor();
  assert.equal(await page.getByTestId('cell-0-RowKey').textContent(), '00000');
  assert.equal(await page.getByTestId('cell-1-Big').textContent(), '1000000000001Int64');
  assert.equal(await page.getByTestId('import-progress').getAttribute('value'), String(text.length));
  assert.equal(await countEntities(target), 2500);
  assert.deepEqual(page.errors, []);
});

test('import shows the lines that failed, with the service\'s codes', async () => {
  const target = uniqueTable('ImportBad');
  await createTable(target);
  const folder = await mkdtemp(join(tmpdir(), 'tabula-import-'));
  const path = join(folder, 'bad.jsonl');
  await writeFile(path, [
    '{"PartitionKey":"a","RowKey":"1","N":1}',
    'this is not JSON',
    '{"PartitionKey":"a","RowKey":"1","N":2}',
    '{"PartitionKey":"a","RowKey":"2","N":3}',
  ].join('\n') + '\n');
  const page = await openConsole(browser);
  await page.getByTestId(`table-${target}`).click();
  await importFile(page, path, 1024 * 1024);
  await page.getByText('2 written, 2 failed').waitFor();
  const failures = await page.getByTestId('import-failures').locator('li').allTextContents();
  assert.equal(failures.length, 2);
  assert.match(failures[0], /^line 2: UnreadableRow/);
  assert.match(failures[1], /^line 3: EntityAlreadyExists/);
  assert.equal(await countEntities(target), 2);
  await screenshot(page, 'import-failures');
});
