// Shared by the console's end-to-end tests: the server build/console/e2e.sh started, Debian's
// Chromium driven by playwright-core, seeding through the console API, and screenshots.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONSOLE_URL = process.env.TABULA_CONSOLE_URL;
if (!CONSOLE_URL) {
  throw new Error('TABULA_CONSOLE_URL is not set: run the tests through build/console/e2e.sh');
}
export const ACCOUNT = 'devstoreaccount1';
const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'target', 'screenshots');

/**
 * Debian's Chromium, headless. Without the networking flags Chromium's own connections to
 * Google's services are refused here and slow everything; Playwright gives each launch a fresh
 * temporary profile (user data dir).
 */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/** A new page on the console, loaded, with console errors collected in page.errors. */
export async function openConsole(browser) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.setDefaultTimeout(10_000);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.goto(CONSOLE_URL);
  await page.getByTestId('server-info').waitFor();
  return page;
}

export async function screenshot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A table name no other test uses. */
export function uniqueTable(prefix) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Calls the console API as the page does (X-Tabula-Console: 1); the answer, failing on >= 400. */
export async function consoleApi(method, resource, body, headers = {}, account = ACCOUNT) {
  const url = new URL(`api/accounts/${account}/${resource}`, CONSOLE_URL);
  const response = await fetch(url, {
    method,
    headers: {
      'X-Tabula-Console': '1',
      'x-ms-version': '2019-02-02',
      Accept: 'application/json;odata=minimalmetadata',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status >= 400) {
    throw new Error(`${method} ${resource}: ${response.status} ${await response.text()}`);
  }
  return response;
}

export async function createTable(name, account = ACCOUNT) {
  await consoleApi('POST', 'Tables', { TableName: name }, {}, account);
}

/** Inserts entities through the console API, one request each. */
export async function insertEntities(table, entities) {
  for (const entity of entities) {
    await consoleApi('POST', table, entity, { Prefer: 'return-no-content' });
  }
}

/**
 * Every entity of a table through the console API, page after page (at most 1,000 each), with
 * only the properties named in `select`.
 */
export async function readAll(table, select = 'PartitionKey,RowKey') {
  const entities = [];
  let next = '';
  do {
    const response = await consoleApi('GET', `${table}()?$select=${select}${next}`);
    entities.push(...(await response.json()).value);
    const pk = response.headers.get('x-ms-continuation-NextPartitionKey');
    const rk = response.headers.get('x-ms-continuation-NextRowKey');
    next = pk ? `&NextPartitionKey=${encodeURIComponent(pk)}&NextRowKey=${encodeURIComponent(rk)}` : '';
  } while (next);
  return entities;
}

/** How many entities a table holds, counted through the console API. */
export async function countEntities(table) {
  return (await readAll(table, 'RowKey')).length;
}

/**
 * Starts an import of the file at `path` from the page, in slices of `sliceBytes` (the page's
 * data-import-slice; the page's own 1 MiB when not given).
 */
export async function importFile(page, path, sliceBytes) {
  if (sliceBytes) {
    await page.evaluate((n) => { document.body.dataset.importSlice = String(n); }, sliceBytes);
  }
  await page.getByTestId('import-file').setInputFiles(path);
  await page.getByTestId('import-start').click();
}
