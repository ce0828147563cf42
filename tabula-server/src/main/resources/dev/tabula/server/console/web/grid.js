// The entity grid of one table: one page at a time ($top = page size), Next and Previous through
// the service's continuation tokens kept in a stack, columns from the properties on the page, each
// value with its Edm type. Clicking a row (or Enter on it) opens the entity editor.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { readEntity, shortType } from './edm.js';
import { EntityEditor } from './editor.js';
import { TransferPanel } from './transfer.js';

export const DEFAULT_PAGE_SIZE = 100;

function columnsOf(entities) {
  const names = [];
  const seen = new Set();
  for (const entity of entities) {
    for (const p of entity.props) {
      if (!seen.has(p.name)) { seen.add(p.name); names.push(p.name); }
    }
  }
  return names;
}

function Cell({ prop, testid }) {
  if (!prop) return h('td', { 'data-testid': testid });
  return h('td', { 'data-testid': testid, title: `${prop.value} (${prop.type})` },
    prop.value, h('span', { class: 'type' }, shortType(prop.type)));
}

export function DataView({ api, table, announce }) {
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  // stack[i] is the continuation that starts page i (null: the first page).
  const [stack, setStack] = useState([null]);
  const [page, setPage] = useState(null);
  const [error, setError] = useState(null);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState(null);
  const position = stack.length - 1;

  async function load(at) {
    setLoading(true);
    try {
      const answer = await api.query(table, { top: pageSize, next: stack[at] });
      // The page remembers where it was read and with which size: until the next one arrives, the
      // pager says "Loading" rather than pair the old rows with the new position.
      setPage({ entities: answer.entities.map(readEntity), next: answer.next, at, size: pageSize });
      setError(null);
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => { load(position); }, [stack, pageSize]);

  const next = () => setStack([...stack, page.next]);
  const previous = () => setStack(stack.slice(0, -1));
  const reload = () => load(position);

  function saved(message) {
    setEditing(null);
    announce(message);
    reload();
  }

  const current = page && page.at === position && page.size === pageSize;
  const entities = page ? page.entities : [];
  const columns = columnsOf(entities);
  const first = position * pageSize + 1;
  return h('section', { 'data-testid': 'data-view', 'aria-labelledby': 'data-title' },
    h('div', { class: 'row' },
      h('h2', { id: 'data-title' }, table),
      h('button', { class: 'primary', 'data-testid': 'new-entity', onClick: () => setEditing({ isNew: true }) }, 'New entity'),
      h('button', { 'data-testid': 'reload', onClick: reload }, 'Reload'),
      h('label', { for: 'page-size' }, 'Page size'),
      h('select', {
        id: 'page-size', 'data-testid': 'page-size', value: String(pageSize),
        onChange: (e) => { setPageSize(Number(e.target.value)); setStack([null]); },
      }, [10, 25, 100, 250, 1000].map((n) => h('option', { key: n, value: String(n) }, String(n))))),
    h(TransferPanel, { api, table, announce, onImported: reload }),
    error && h('p', { class: 'error', role: 'alert', 'data-testid': 'grid-error' }, String(error)),
    h('div', { class: 'pager row' },
      h('button', { 'data-testid': 'prev-page', disabled: position === 0 || loading, onClick: previous }, '← Previous'),
      h('span', { 'data-testid': 'page-info' },
        current ? (entities.length ? `Page ${position + 1}: entities ${first}–${first + entities.length - 1}` : `Page ${position + 1}: no entities`) : 'Loading…'),
      h('button', { 'data-testid': 'next-page', disabled: !current || !page.next || loading, onClick: next }, 'Next →')),
    h('div', { class: 'grid-wrap' },
      h('table', { class: 'grid', 'data-testid': 'entity-grid' },
        h('caption', { class: 'visually-hidden' }, `Entities of ${table}, page ${position + 1}`),
        h('thead', null, h('tr', null,
          ['PartitionKey', 'RowKey', 'Timestamp', ...columns].map((c) => h('th', { scope: 'col', key: c }, c)))),
        h('tbody', null, entities.map((entity, i) => h('tr', {
          key: `${entity.PartitionKey}\u0000${entity.RowKey}`,
          tabindex: 0,
          'data-testid': `entity-row-${i}`,
          'aria-label': `Open entity ${entity.PartitionKey} / ${entity.RowKey}`,
          onClick: () => setEditing(entity),
          onKeyDown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); setEditing(entity); } },
        },
        h('td', { 'data-testid': `cell-${i}-PartitionKey` }, entity.PartitionKey),
        h('td', { 'data-testid': `cell-${i}-RowKey` }, entity.RowKey),
        h('td', { class: 'muted' }, entity.Timestamp),
        columns.map((c) => h(Cell, { key: c, testid: `cell-${i}-${c}`, prop: entity.props.find((p) => p.name === c) }))))))),
    editing && h(EntityEditor, {
      api, table, entity: editing.isNew ? null : editing,
      onClose: () => setEditing(null), onSaved: saved,
    }));
}
