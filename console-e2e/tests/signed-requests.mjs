// Requests to the Table service's data listener, signed with SharedKeyLite as the SDKs sign them,
// to make load the live view can see (the console's own requests are not counted there).
import { createHmac } from 'node:crypto';

export const DEV_ACCOUNT = 'devstoreaccount1';
export const DEV_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

/**
 * One signed request to `${endpoint}/${account}/${resource}` (path-style, as the emulators
 * answer); resolves to the fetch Response.
 */
export async function tableRequest(endpoint, method, resource, { body, account = DEV_ACCOUNT, key = DEV_KEY } = {}) {
  const path = `/${account}/${resource}`;
  const date = new Date().toUTCString();
  // SharedKeyLite for the Table service: the date, then the account and the path as sent (the
  // path-style path already names the account, so it appears twice).
  const signature = createHmac('sha256', Buffer.from(key, 'base64'))
    .update(`${date}\n/${account}${path.split('?')[0]}`, 'utf8')
    .digest('base64');
  return fetch(endpoint + path, {
    method,
    headers: {
      'x-ms-date': date,
      'x-ms-version': '2019-02-02',
      Accept: 'application/json;odata=nometadata',
      Authorization: `SharedKeyLite ${account}:${signature}`,
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
