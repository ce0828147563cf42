// Import of a typed CSV file from the page, in the layout `tabula export --format csv` writes
// (docs/data-tools.md): a value column and its `@type` column for each property, RFC 4180 quoting.
// The file is about 3.5 MB, so the page's own 1 MiB slices cut it three times; the first cut falls
// inside a quoted value that holds a line end, so the server must count quotes to find where the
// slice's complete records end. Two rows are refused by the service, one in the first slice and
// one in the third: each is listed with its code and the file line it starts on (a row holding a
// quoted line end spans two lines, so lines and rows differ).
// Broken once and watched red: SliceRecords.csv taking every line end as a record's end (the row
// across the first cut was read as two unreadable rows: 11,997 written, 4 failed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  consoleApi, createTable, importFile, launch, openConsole, readAll, screenshot, uniqueTable,
} from './support.mjs';

const ROWS = 12_000;
const SLICE = 1024 * 1024; // the page's own slice: the test sets none
const COLUMNS = ['Count', 'Big', 'Ratio', 'Flag', 'When', 'Id', 'Blob', 'Note'];
const HEADER = ['PartitionKey', 'RowKey', 'Timestamp', ...COLUMNS.flatMap((c) => [c, `${c}@type`])].join(',');

/** A CSV cell as the exporter writes it: quoted, its quotes doubled, when it holds `,`, `"` or a line end. */
function cell(text) {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Row i's entity: each property as [value, Edm type]; an absent property has neither. */
function entity(i) {
  return {
    PartitionKey: `p${Math.floor(i / 250)}`,
    RowKey: String(i).padStart(6, '0'),
    Count: i === 5 ? ['', ''] : [String(i), 'Edm.Int32'], // row 5 has no Count
    Big: [String(1e12 + i), 'Edm.Int64'],
    Ratio: [String(i + 0.5), 'Edm.Double'],
    Flag: [String(i % 2 === 0), 'Edm.Boolean'],
    When: [new Date(Date.UTC(2024, 4, 1) + i * 1000).toISOString(), 'Edm.DateTime'],
    Id: [`00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`, 'Edm.Guid'],
    Blob: [Buffer.from([i & 255, (i >> 8) & 255, 7]).toString('base64'), 'Edm.Binary'],
    Note: [`entity ${i} ${'x'.repeat(30 + (i % 50))}`, 'Edm.String'],
  };
}

function csvRow(e) {
  const cells = [e.PartitionKey, e.RowKey, '2024-05-01T10:20:30.1234567Z'];
  for (const c of COLUMNS) cells.push(cell(e[c][0]), e[c][1]);
  return cells.join(',') + '\r\n';
}

/**
 * The file, and what the test expects of it: the entities the table must hold (by RowKey), the
 * refused rows with their lines, and the row across the first slice's end.
 */
function makeFile() {
  const rows = [HEADER + '\r\n'];
  let bytes = Buffer.byteLength(rows[0]);
  let line = 2;
  const kept = new Map();
  const refused = [];
  let across = null;
  for (let i = 0; i < ROWS; i++) {
    const e = entity(i);
    if (i === 3) e.Note[0] = 'a "quoted", text\nsecond line';
    if (i === 7) e.Note[0] = 'Zürich ✓ – naïve';
    if (i === 40) { e.RowKey = 'bad/key'; refused.push({ line, code: 'OutOfRangeInput' }); }
    if (i === 9000) { e.Note[0] = 'z'.repeat(40_000); refused.push({ line, code: 'PropertyValueTooLarge' }); }
    let text = csvRow(e);
    // The bytes of this row before its Note's text when the Note is quoted.
    const before = Buffer.byteLength(text) - Buffer.byteLength(e.Note[0]) - ',Edm.String\r\n'.length + 1;
    const pad = SLICE - 20 - bytes - before - 'before the cut, '.length;
    if (!across && pad <= 1000) {
      // The first row that ends near the first cut straddles it: its quoted Note's line end falls
      // 20 bytes before the cut, its closing quote after it (rows are shorter than 1000 bytes, so
      // pad is not negative).
      e.Note[0] = `before the cut, ${'y'.repeat(pad)}\nafter the cut`;
      text = csvRow(e);
      across = { i, start: bytes, end: bytes + Buffer.byteLength(text) };
      assert.equal(Buffer.from(text).indexOf('\n'), SLICE - 20 - bytes);
    }
    if (!refused.some((r) => r.line === line)) kept.set(e.RowKey, e);
    rows.push(text);
    bytes += Buffer.byteLength(text);
    line += text.split('\n').length - 1;
  }
  return { text: rows.join(''), kept, refused, across };
}

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/**
 * What the service holds for a row: its typed values, compared with what the file said. The
 * service names the types JSON cannot tell (Int64, DateTime, Guid, Binary); a finite Double goes
 * unnamed, as a JSON number with a fraction.
 */
async function assertStored(table, e) {
  const response = await consoleApi('GET', `${table}(PartitionKey='${e.PartitionKey}',RowKey='${e.RowKey}')`);
  const stored = await response.json();
  const label = `row ${e.RowKey}`;
  if (e.Count[1]) assert.equal(stored.Count, Number(e.Count[0]), label);
  else assert.equal('Count' in stored, false, `${label}: an empty value with no type is no property`);
  assert.equal(stored.Big, e.Big[0], label);
  assert.equal(stored['Big@odata.type'], 'Edm.Int64', label);
  assert.equal(stored.Ratio, Number(e.Ratio[0]), label);
  assert.ok(!Number.isInteger(stored.Ratio) && !('Ratio@odata.type' in stored), label);
  assert.equal(stored.Flag, e.Flag[0] === 'true', label);
  assert.equal(Date.parse(stored.When), Date.parse(e.When[0]), label);
  assert.equal(stored['When@odata.type'], 'Edm.DateTime', label);
  assert.equal(stored.Id, e.Id[0], label);
  assert.equal(stored['Id@odata.type'], 'Edm.Guid', label);
  assert.equal(stored.Blob, e.Blob[0], label);
  assert.equal(stored['Blob@odata.type'], 'Edm.Binary', label);
  assert.equal(stored.Note, e.Note[0], label);
}

test('a typed CSV file of 3.5 MB is imported in 1 MiB slices, with the refused rows listed by line', async () => {
  const table = uniqueTable('ImportCsv');
  await createTable(table);
  const { text, kept, refused, across } = makeFile();
  const size = Buffer.byteLength(text);
  assert.ok(size > 3 * SLICE, 'four slices');
  assert.ok(across && across.start < SLICE - 20 && across.end > SLICE, 'a row straddles the first cut');
  assert.equal(text.slice(0, HEADER.length), HEADER);
  const path = join(await mkdtemp(join(tmpdir(), 'tabula-import-')), `${table}.csv`);
  await writeFile(path, text);

  const page = await openConsole(browser);
  const slices = [];
  page.on('request', (r) => { if (r.url().includes('/api/import/')) slices.push(new URL(r.url()).searchParams); });
  await page.getByTestId(`table-${table}`).click();
  await page.getByText('Page 1: no entities').waitFor();
  await importFile(page, path);
  const written = ROWS - refused.length;
  const counts = page.getByTestId('import-counts').filter({ hasText: /^Import done:/ });
  await counts.waitFor({ timeout: 120_000 });
  assert.equal(await counts.textContent(), `Import done: ${size} of ${size} bytes, ${written} written, 2 failed`);
  assert.equal(await page.getByTestId('status').textContent(), `Imported: ${written} entities written, 2 failed`);
  const progress = page.getByTestId('import-progress');
  assert.equal(await progress.getAttribute('value'), String(size));
  assert.equal(await progress.getAttribute('max'), String(size));
  assert.ok(slices.length >= 4, `${slices.length} slices`);
  assert.ok(slices.every((q) => q.get('format') === 'csv'));
  assert.ok(slices.slice(1).every((q) => q.get('headerBytes') === String(HEADER.length + 2)),
    'the header goes before every slice after the first');

  const failures = await page.getByTestId('import-failures').locator('li').allTextContents();
  assert.equal(failures.length, 2);
  refused.forEach((r, n) => assert.match(failures[n], new RegExp(`^line ${r.line}: ${r.code}`)));
  assert.ok(refused[1].line > 9000 + 3, 'the lines of the file, past the rows that span two lines');

  await page.getByText('Page 1: entities 1–100').waitFor();
  assert.equal(await page.getByTestId('cell-0-RowKey').textContent(), '000000');
  assert.equal(await page.getByTestId('cell-0-Big').textContent(), '1000000000000Int64');
  assert.equal(await page.getByTestId('cell-1-Ratio').textContent(), '1.5Double');
  assert.equal(await page.getByTestId('cell-3-Note').textContent(), 'a "quoted", text\nsecond lineString');
  await screenshot(page, 'import-csv');

  const stored = await readAll(table);
  assert.equal(stored.length, kept.size, 'exactly the rows of the file the service took');
  assert.deepEqual(stored.map((s) => s.RowKey).sort(), [...kept.keys()].sort());
  const across0 = entity(across.i).RowKey;
  for (const rowKey of ['000000', '000003', '000005', '000007', across0, String(ROWS - 1).padStart(6, '0')]) {
    await assertStored(table, kept.get(rowKey));
  }
  assert.deepEqual(page.errors, []);
});
