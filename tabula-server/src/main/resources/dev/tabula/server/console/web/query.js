// The query builder: $filter, $select and $top, run against the selected table with
// x-tabula-query-stats, showing the plan Tabula chose, entities scanned versus returned, the time
// the server took and the time the browser waited, and what the plan means for key design. Count
// and startswith() are Tabula's opt-in extensions (docs/extensions.md): Count always asks for its
// extension, startswith() only while its box is ticked, so a plain query stays Azure's.
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { readEntity, shortType } from './edm.js';

const HINTS = {
  point: 'Point query: one entity read by its PartitionKey and RowKey, the fastest query there is. The Azure design guide asks for these first.',
  partition: 'Partition query: only one partition is read. The Azure design guide calls this the next best thing after a point query.',
  'row-range': 'Row range: a RowKey range inside one partition is read. Efficient: the keys bound what is read.',
  'partition-range': 'Partition range: a PartitionKey range is read, every entity of those partitions. Fine when the range is narrow.',
  union: 'Union: several key ranges are read, each one bounded by its keys.',
  scan: 'Table scan: the whole table is read, every partition, to find what matches. Add a PartitionKey (and RowKey) condition, as the Azure design guide asks, or design keys that answer this query.',
  empty: 'Nothing can match this filter: nothing was read.',
};

/** {plan, scanned, returned} from "partition; scanned=50; returned=50", or null. */
export function parsePlan(header) {
  if (!header) return null;
  const [plan, ...rest] = header.split(';').map((s) => s.trim());
  const counts = Object.fromEntries(rest.map((kv) => kv.split('=')));
  return { plan, scanned: Number(counts.scanned), returned: Number(counts.returned) };
}

function hintFor(plan) {
  return HINTS[plan.replace(/\(\d+\)$/, '')] || '';
}

function Results({ entities }) {
  const columns = [];
  for (const e of entities) for (const p of e.props) if (!columns.includes(p.name)) columns.push(p.name);
  const keys = entities.length && entities[0].PartitionKey !== undefined;
  return h('table', { class: 'grid', 'data-testid': 'query-results' },
    h('caption', { class: 'visually-hidden' }, 'Query results'),
    h('thead', null, h('tr', null,
      [...(keys ? ['PartitionKey', 'RowKey'] : []), ...columns].map((c) => h('th', { scope: 'col', key: c }, c)))),
    h('tbody', null, entities.map((e, i) => h('tr', { key: i },
      keys && h('td', null, e.PartitionKey), keys && h('td', null, e.RowKey),
      columns.map((c) => {
        const p = e.props.find((x) => x.name === c);
        return h('td', { key: c }, p ? [p.value, h('span', { class: 'type' }, shortType(p.type))] : '');
      })))));
}

export function QueryView({ api, table }) {
  const [filter, setFilter] = useState('');
  const [select, setSelect] = useState('');
  const [top, setTop] = useState('100');
  const [result, setResult] = useState(null);
  const [error, setError] = useState(null);
  const [running, setRunning] = useState(false);
  const [extensions, setExtensions] = useState(false);
  const [counted, setCounted] = useState(null);

  async function run(event, continuation) {
    if (event) event.preventDefault();
    setRunning(true);
    setError(null);
    try {
      const answer = await api.query(table, {
        filter: filter.trim(), select: select.trim(), top: top.trim(), next: continuation, stats: true, extensions,
      });
      setResult({ ...answer, entities: answer.entities.map(readEntity), stats: parsePlan(answer.plan) });
    } catch (e) {
      setResult(null);
      setError(e);
    } finally {
      setRunning(false);
    }
  }

  // Tabula's count extension: the number of matching entities, counted on the server.
  async function count() {
    setRunning(true);
    setError(null);
    setCounted(null);
    try {
      const answer = await api.count(table, { filter: filter.trim(), extensions });
      const stats = parsePlan(answer.plan);
      setCounted({ ...answer, plan: stats ? stats.plan : null });
    } catch (e) {
      setError(e);
    } finally {
      setRunning(false);
    }
  }

  const stats = result && result.stats;
  return h('section', { 'data-testid': 'query-view', 'aria-labelledby': 'query-title' },
    h('h2', { id: 'query-title' }, `Query ${table}`),
    h('form', { onSubmit: (e) => run(e, null), 'data-testid': 'query-form' },
      h('label', { for: 'query-filter' }, '$filter'),
      h('textarea', {
        id: 'query-filter', 'data-testid': 'query-filter', rows: 3, value: filter,
        placeholder: "PartitionKey eq 'p1' and RowKey ge '0100'", onInput: (e) => setFilter(e.target.value),
      }),
      h('div', { class: 'row' },
        h('div', null,
          h('label', { for: 'query-select' }, '$select'),
          h('input', { id: 'query-select', 'data-testid': 'query-select', value: select, size: 40, placeholder: 'Name,Age', onInput: (e) => setSelect(e.target.value) })),
        h('div', null,
          h('label', { for: 'query-top' }, '$top'),
          h('input', { id: 'query-top', 'data-testid': 'query-top', value: top, size: 6, inputmode: 'numeric', onInput: (e) => setTop(e.target.value) })),
        h('button', { type: 'submit', class: 'primary', 'data-testid': 'query-run', disabled: running }, running ? 'Running…' : 'Run'),
        h('button', { type: 'button', 'data-testid': 'query-count', disabled: running, onClick: count }, 'Count')),
      h('div', { class: 'row' },
        h('input', {
          type: 'checkbox', id: 'query-extensions', 'data-testid': 'query-extensions', checked: extensions,
          onChange: (e) => setExtensions(e.target.checked),
        }),
        h('label', { for: 'query-extensions' },
          'Allow startswith() on keys and properties (a Tabula extension: Azure answers 501 NotImplemented)'))),
    counted && h('p', { class: 'plan', 'data-testid': 'count-result', role: 'status' },
      `${counted.count} ${counted.count === 1 ? 'entity matches' : 'entities match'}, counted on the server `
        + `without transferring them (plan ${counted.plan || 'not reported'}; ${counted.stretches} `
        + `${counted.stretches === 1 ? 'answer' : 'answers'}, ${counted.serverMs.toFixed(1)} ms). `
        + 'Count is a Tabula extension; Azure Table Storage has none.'),
    error && h('p', { class: 'error', role: 'alert', 'data-testid': 'query-error' }, String(error)),
    result && h('div', { class: 'plan', 'data-testid': 'query-plan', role: 'status' },
      h('dl', null,
        h('dt', null, 'Plan'), h('dd', { 'data-testid': 'plan-kind' }, stats ? stats.plan : 'not reported'),
        h('dt', null, 'Scanned'), h('dd', { 'data-testid': 'plan-scanned' }, stats ? String(stats.scanned) : '?'),
        h('dt', null, 'Returned'), h('dd', { 'data-testid': 'plan-returned' }, stats ? String(stats.returned) : String(result.entities.length)),
        h('dt', null, 'Time (server)'), h('dd', { 'data-testid': 'time-server' }, `${result.serverMs.toFixed(1)} ms`),
        h('dt', null, 'Time (browser)'), h('dd', { 'data-testid': 'time-browser' }, `${result.browserMs.toFixed(1)} ms`)),
      stats && h('p', { class: 'hint', 'data-testid': 'plan-hint' }, hintFor(stats.plan)),
      result.next && h('button', { 'data-testid': 'query-next', onClick: () => run(null, result.next) }, 'Next page →')),
    result && h(Results, { entities: result.entities }));
}
