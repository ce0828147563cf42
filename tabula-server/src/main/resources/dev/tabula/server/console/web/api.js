// The console's API client: every request carries X-Tabula-Console: 1 (the server refuses API
// requests without it), and the Table service's answers come back as the service sent them.

import { parseJson } from './edm.js';

const VERSION = '2019-02-02';
const ACCEPT = 'application/json;odata=minimalmetadata';

/** An error the service (or the console) answered, with its code and message. */
export class ServiceError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
  toString() {
    return `${this.status} ${this.code}: ${this.message}`;
  }
}

export async function consoleFetch(path, options = {}) {
  const headers = { 'X-Tabula-Console': '1', ...(options.headers || {}) };
  return fetch(path, { ...options, headers, credentials: 'same-origin' });
}

async function failure(response) {
  let code = response.headers.get('x-ms-error-code') || String(response.status);
  let message = response.statusText;
  const text = await response.text();
  try {
    const body = JSON.parse(text);
    const error = body['odata.error'] || body.error || {};
    code = error.code || code;
    message = (error.message && (error.message.value || error.message)) || message;
  } catch (e) {
    if (text) message = text.trim();
  }
  return new ServiceError(response.status, code, String(message).split('\n')[0]);
}

export async function session() {
  const response = await consoleFetch('api/session');
  if (!response.ok) throw await failure(response);
  return response.json();
}

/** Escapes a key for an OData key predicate: quotes doubled, then percent-encoded. */
export function keyLiteral(value) {
  return encodeURIComponent(String(value).replace(/'/g, "''"));
}

export function entityPath(table, pk, rk) {
  return `${table}(PartitionKey='${keyLiteral(pk)}',RowKey='${keyLiteral(rk)}')`;
}

/** The Table service of one account, through the console. */
export class AccountApi {
  constructor(account) {
    this.account = account;
    this.base = `api/accounts/${encodeURIComponent(account)}/`;
  }

  async call(method, resource, { body, headers = {}, expect } = {}) {
    const started = performance.now();
    const response = await consoleFetch(this.base + resource, {
      method,
      headers: {
        'x-ms-version': VERSION,
        Accept: ACCEPT,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const browserMs = performance.now() - started;
    if (!response.ok) throw await failure(response);
    const text = response.status === 204 ? '' : await response.text();
    return {
      status: response.status,
      headers: response.headers,
      json: text ? parseJson(text) : null,
      browserMs,
      serverMs: Number(response.headers.get('x-tabula-elapsed-ms')),
    };
  }

  async listTables() {
    const names = [];
    let next = null;
    do {
      const query = next ? `?NextTableName=${encodeURIComponent(next)}` : '';
      const answer = await this.call('GET', `Tables${query}`);
      answer.json.value.forEach((t) => names.push(t.TableName));
      next = answer.headers.get('x-ms-continuation-NextTableName');
    } while (next);
    return names.sort((a, b) => a.localeCompare(b));
  }

  createTable(name) {
    return this.call('POST', 'Tables', {
      body: { TableName: name },
      headers: { Prefer: 'return-no-content' },
    });
  }

  deleteTable(name) {
    return this.call('DELETE', `Tables('${keyLiteral(name)}')`);
  }

  /**
   * One page of a query: {entities, next: {pk, rk} or null, plan, serverMs, browserMs}.
   * options: filter, select, top, next (the continuation to start from), stats.
   */
  async query(table, { filter, select, top, next, stats, extensions } = {}) {
    const params = [];
    if (filter) params.push(`$filter=${encodeURIComponent(filter)}`);
    if (select) params.push(`$select=${encodeURIComponent(select)}`);
    if (top) params.push(`$top=${encodeURIComponent(top)}`);
    if (next) {
      params.push(`NextPartitionKey=${encodeURIComponent(next.pk)}`);
      if (next.rk != null) params.push(`NextRowKey=${encodeURIComponent(next.rk)}`);
    }
    const headers = {
      ...(stats ? { 'x-tabula-query-stats': 'true' } : {}),
      ...(extensions ? { 'x-tabula-extensions': 'startswith' } : {}),
    };
    const answer = await this.call('GET', `${table}()${params.length ? '?' + params.join('&') : ''}`, {
      headers,
    });
    const pk = answer.headers.get('x-ms-continuation-NextPartitionKey');
    const rk = answer.headers.get('x-ms-continuation-NextRowKey');
    return {
      entities: answer.json.value,
      next: pk ? { pk, rk } : null,
      plan: answer.headers.get('x-tabula-query-plan'),
      serverMs: answer.serverMs,
      browserMs: answer.browserMs,
    };
  }

  /**
   * How many entities match filter, counted on the server with Tabula's count extension (nothing is
   * transferred): {count, plan, stretches, serverMs}. Each answer counts for up to 5 s and carries the
   * continuation when it stopped early; the stretches are summed here. startswith() is allowed in the
   * filter when extensions is true, as in query().
   */
  async count(table, { filter, extensions } = {}) {
    let count = 0; let stretches = 0; let serverMs = 0; let next = null; let plan = null;
    do {
      const params = [];
      if (filter) params.push(`$filter=${encodeURIComponent(filter)}`);
      if (next) {
        params.push(`NextPartitionKey=${encodeURIComponent(next.pk)}`);
        if (next.rk != null) params.push(`NextRowKey=${encodeURIComponent(next.rk)}`);
      }
      const answer = await this.call('GET', `${table}()/$count${params.length ? '?' + params.join('&') : ''}`, {
        headers: {
          'x-tabula-extensions': extensions ? 'count,startswith' : 'count',
          'x-tabula-query-stats': 'true',
          Accept: 'text/plain',
        },
      });
      count += Number(answer.json);
      stretches += 1;
      serverMs += answer.serverMs;
      plan = plan || answer.headers.get('x-tabula-query-plan');
      const pk = answer.headers.get('x-ms-continuation-NextPartitionKey');
      next = pk ? { pk, rk: answer.headers.get('x-ms-continuation-NextRowKey') } : null;
    } while (next);
    return { count, plan, stretches, serverMs };
  }

  /**
   * The table's extension settings (Tabula's settings extension, docs/extensions.md):
   * {timeToLive: null | -1 | seconds, changeFeed: null | {retentionSeconds},
   * indexes: [{name, property, state}]}.
   */
  async tableSettings(table) {
    const answer = await this.call('GET', `${encodeURIComponent(table)}?comp=tabula-settings`, {
      headers: { 'x-tabula-extensions': 'settings', Accept: 'application/json' },
    });
    return answer.json;
  }

  /** Replaces every extension setting of the table. */
  setTableSettings(table, settings) {
    return this.call('PUT', `${encodeURIComponent(table)}?comp=tabula-settings`, {
      body: settings,
      headers: { 'x-tabula-extensions': 'settings', Accept: 'application/json' },
    });
  }

  async getEntity(table, pk, rk) {
    const answer = await this.call('GET', entityPath(table, pk, rk));
    return answer.json;
  }

  insertEntity(table, entity) {
    return this.call('POST', table, { body: entity, headers: { Prefer: 'return-no-content' } });
  }

  /** Replace (PUT) or merge (MERGE) with If-Match: etag ('*' to overwrite whatever is there). */
  updateEntity(table, entity, mode, etag) {
    return this.call(mode === 'merge' ? 'MERGE' : 'PUT', entityPath(table, entity.PartitionKey, entity.RowKey), {
      body: entity,
      headers: { 'If-Match': etag },
    });
  }

  deleteEntity(table, pk, rk, etag) {
    return this.call('DELETE', entityPath(table, pk, rk), { headers: { 'If-Match': etag } });
  }
}
