// The table list: the account's tables, a form to create one, each table's extension settings, and
// deletion after a confirmation dialog that names the table.
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Dialog } from './dialog.js';
import { TableSettingsDialog } from './settings.js';

export function TableList({ api, tables, selected, onSelect, onChanged, announce }) {
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState(null);
  const [configuring, setConfiguring] = useState(null);
  const [error, setError] = useState(null);

  async function create(event) {
    event.preventDefault();
    setError(null);
    try {
      await api.createTable(name.trim());
      announce(`Table ${name.trim()} created.`);
      const created = name.trim();
      setName('');
      await onChanged(created);
    } catch (e) {
      setError(e);
    }
  }

  async function confirmDelete() {
    const table = deleting;
    setDeleting(null);
    try {
      await api.deleteTable(table);
      announce(`Table ${table} deleted.`);
      await onChanged(selected === table ? null : selected);
    } catch (e) {
      setError(e);
    }
  }

  return h('nav', { class: 'tables', 'aria-label': 'Tables' },
    h('h2', null, 'Tables'),
    h('form', { onSubmit: create, 'data-testid': 'create-table-form' },
      h('label', { for: 'new-table-name' }, 'New table name'),
      h('div', { class: 'row' },
        h('input', {
          id: 'new-table-name', 'data-testid': 'new-table-name', value: name, required: true,
          pattern: '[A-Za-z][A-Za-z0-9]{2,62}', onInput: (e) => setName(e.target.value),
        }),
        h('button', { type: 'submit', 'data-testid': 'create-table' }, 'Create'))),
    error && h('p', { class: 'error', role: 'alert', 'data-testid': 'tables-error' }, String(error)),
    h('ul', { 'data-testid': 'table-list' },
      tables.length === 0 && h('li', { class: 'empty' }, 'No tables yet.'),
      tables.map((table) => h('li', { key: table, class: table === selected ? 'selected' : '' },
        h('button', {
          class: 'link', title: table, 'data-testid': `table-${table}`, 'aria-current': table === selected ? 'true' : undefined,
          onClick: () => onSelect(table),
        }, table),
        h('button', {
          class: 'small', 'data-testid': `settings-table-${table}`, 'aria-label': `Settings of table ${table}`,
          onClick: () => setConfiguring(table),
        }, 'Settings'),
        h('button', {
          class: 'danger small', 'data-testid': `delete-table-${table}`, 'aria-label': `Delete table ${table}`,
          onClick: () => setDeleting(table),
        }, 'Delete')))),
    configuring && h(TableSettingsDialog, {
      api, table: configuring, announce, onClose: () => setConfiguring(null),
    }),
    deleting && h(Dialog, { title: `Delete table ${deleting}?`, testid: 'confirm-delete-table', onClose: () => setDeleting(null) },
      h('p', null, 'Every entity of ', h('strong', null, deleting), ' is deleted. This cannot be undone.'),
      h('div', { class: 'buttons' },
        h('button', { 'data-testid': 'confirm-delete', class: 'danger', onClick: confirmDelete }, `Delete ${deleting}`),
        h('button', { 'data-testid': 'cancel-delete', autofocus: true, onClick: () => setDeleting(null) }, 'Cancel'))));
}
