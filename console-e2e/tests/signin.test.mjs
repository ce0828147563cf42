// A console whose admin listener is not on loopback asks for the admin token, keeps the session
// in an HttpOnly cookie, and signs out.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, screenshot } from './support.mjs';

const URL_ = process.env.TABULA_SIGNIN_CONSOLE_URL;
const TOKEN = process.env.TABULA_SIGNIN_TOKEN;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('off loopback the console asks for the admin token, then opens', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
  page.setDefaultTimeout(10_000);
  await page.goto(URL_);
  await page.getByTestId('signin').waitFor();
  // The field has focus and a label.
  assert.equal(await page.evaluate(() => document.activeElement.id), 'admin-token');
  assert.equal(await page.getByLabel('Admin token').count(), 1);
  await page.keyboard.type('not-the-admin-token');
  await page.keyboard.press('Enter');
  await page.getByTestId('signin-error').waitFor();
  assert.equal(await page.getByTestId('signin-error').textContent(), 'forbidden: that is not the admin token');
  await screenshot(page, 'signin');

  await page.getByTestId('admin-token').fill(TOKEN);
  await page.getByTestId('signin-submit').click();
  await page.getByTestId('server-info').waitFor();
  assert.match(await page.getByTestId('server-info').textContent(), / on memory$/);
  assert.equal(await page.getByTestId('account-picker').inputValue(), 'devstoreaccount1');
  // The session cookie is HttpOnly: the page's scripts never see it.
  assert.equal(await page.evaluate(() => document.cookie), '');
  const cookies = await page.context().cookies();
  assert.equal(cookies.length, 1);
  assert.deepEqual([cookies[0].name, cookies[0].httpOnly, cookies[0].sameSite, cookies[0].path],
    ['tabula_console', true, 'Strict', '/console']);

  await page.reload();
  await page.getByTestId('server-info').waitFor(); // still signed in
  await page.getByTestId('signout').click();
  await page.getByTestId('signin').waitFor();
});
