// The entity editor: typed values (a type per property), add and remove properties, save as
// replace (PUT) or merge (MERGE), delete; every write carries If-Match with the entity's ETag. A
// 412 shows the conflict: Reload (discard my edits) or Overwrite (If-Match: *). A new entity is
// inserted (POST).
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Dialog } from './dialog.js';
import { TYPES, entityBody, readEntity, shortType } from './edm.js';

function PropertyRow({ prop, index, onChange, onRemove }) {
  const set = (field) => (e) => onChange({ ...prop, [field]: e.target.value });
  return h('tr', { 'data-testid': `prop-${index}` },
    h('td', null, h('input', {
      'aria-label': `Name of property ${index + 1}`, 'data-testid': `prop-name-${index}`,
      value: prop.name, onInput: set('name'),
    })),
    h('td', null, h('select', {
      'aria-label': `Type of property ${index + 1}`, 'data-testid': `prop-type-${index}`,
      value: prop.type, onChange: set('type'),
    }, TYPES.map((t) => h('option', { key: t, value: t }, shortType(t))))),
    h('td', null, prop.type === 'Edm.Boolean'
      ? h('select', {
        'aria-label': `Value of property ${index + 1}`, 'data-testid': `prop-value-${index}`,
        value: prop.value, onChange: set('value'),
      }, h('option', { value: 'true' }, 'true'), h('option', { value: 'false' }, 'false'))
      : h('input', {
        'aria-label': `Value of property ${index + 1}`, 'data-testid': `prop-value-${index}`,
        value: prop.value, onInput: set('value'), size: 36,
      })),
    h('td', null, h('button', {
      type: 'button', class: 'small', 'data-testid': `remove-property-${index}`,
      'aria-label': `Remove property ${prop.name || index + 1}`, onClick: onRemove,
    }, 'Remove')));
}

function ConflictPanel({ action, onReload, onOverwrite }) {
  return h('div', { class: 'conflict', role: 'alert', 'data-testid': 'conflict-panel' },
    h('strong', null, 'Conflict: '),
    'this entity changed since you opened it (412 UpdateConditionNotSatisfied).',
    h('div', { class: 'buttons' },
      h('button', { type: 'button', 'data-testid': 'conflict-reload', onClick: onReload }, 'Reload (discard my edits)'),
      h('button', { type: 'button', class: 'danger', 'data-testid': 'conflict-overwrite', onClick: onOverwrite },
        action === 'delete' ? 'Delete anyway' : 'Overwrite')));
}

export function EntityEditor({ api, table, entity, onClose, onSaved }) {
  const isNew = entity === null;
  const [pk, setPk] = useState(isNew ? '' : entity.PartitionKey);
  const [rk, setRk] = useState(isNew ? '' : entity.RowKey);
  const [props, setProps] = useState(isNew ? [] : entity.props.map((p) => ({ ...p })));
  const [etag, setEtag] = useState(isNew ? null : entity.etag);
  const [timestamp, setTimestamp] = useState(isNew ? null : entity.Timestamp);
  const [error, setError] = useState(null);
  const [conflict, setConflict] = useState(null); // {action, mode}
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  async function run(action, mode, ifMatch) {
    setError(null);
    setBusy(true);
    try {
      if (action === 'delete') {
        await api.deleteEntity(table, pk, rk, ifMatch);
        onSaved(`Entity ${pk} / ${rk} deleted.`);
      } else if (isNew) {
        await api.insertEntity(table, entityBody(pk, rk, props));
        onSaved(`Entity ${pk} / ${rk} inserted.`);
      } else {
        await api.updateEntity(table, entityBody(pk, rk, props), mode, ifMatch);
        onSaved(`Entity ${pk} / ${rk} saved (${mode}${ifMatch === '*' ? ', overwritten' : ''}).`);
      }
    } catch (e) {
      if (e.status === 412) {
        setConflict({ action, mode });
      } else {
        setError(e);
      }
    } finally {
      setBusy(false);
    }
  }

  async function reload() {
    try {
      const fresh = readEntity(await api.getEntity(table, pk, rk));
      setProps(fresh.props.map((p) => ({ ...p })));
      setEtag(fresh.etag);
      setTimestamp(fresh.Timestamp);
      setConflict(null);
      setError(null);
    } catch (e) {
      setConflict(null);
      setError(e);
    }
  }

  const update = (i) => (prop) => setProps(props.map((p, j) => (j === i ? prop : p)));
  const remove = (i) => () => setProps(props.filter((_, j) => j !== i));
  const add = () => setProps([...props, { name: '', type: 'Edm.String', value: '' }]);

  return h(Dialog, { title: isNew ? `New entity in ${table}` : `Entity ${entity.PartitionKey} / ${entity.RowKey}`, testid: 'entity-editor', onClose, wide: true },
    h('form', { method: 'dialog', onSubmit: (e) => { e.preventDefault(); run('save', isNew ? 'insert' : 'replace', etag); } },
      h('div', { class: 'row' },
        h('div', null,
          h('label', { for: 'editor-pk' }, 'PartitionKey'),
          h('input', { id: 'editor-pk', 'data-testid': 'editor-pk', value: pk, readOnly: !isNew, onInput: (e) => setPk(e.target.value) })),
        h('div', null,
          h('label', { for: 'editor-rk' }, 'RowKey'),
          h('input', { id: 'editor-rk', 'data-testid': 'editor-rk', value: rk, readOnly: !isNew, onInput: (e) => setRk(e.target.value) }))),
      !isNew && h('p', { class: 'muted', 'data-testid': 'editor-etag' }, `Timestamp ${timestamp} · ETag ${etag}`),
      h('table', { class: 'props' },
        h('thead', null, h('tr', null,
          h('th', { scope: 'col' }, 'Property'), h('th', { scope: 'col' }, 'Type'),
          h('th', { scope: 'col' }, 'Value'), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Remove')))),
        h('tbody', null, props.map((prop, i) => h(PropertyRow, { key: i, prop, index: i, onChange: update(i), onRemove: remove(i) })))),
      h('button', { type: 'button', 'data-testid': 'add-property', onClick: add }, 'Add property'),
      error && h('p', { class: 'error', role: 'alert', 'data-testid': 'editor-error' }, String(error.code ? error : error.message)),
      conflict && h(ConflictPanel, {
        action: conflict.action,
        onReload: reload,
        onOverwrite: () => run(conflict.action, conflict.mode, '*'),
      }),
      confirmDelete && h('div', { class: 'conflict', 'data-testid': 'confirm-entity-delete' },
        `Delete ${pk} / ${rk}?`,
        h('div', { class: 'buttons' },
          h('button', { type: 'button', class: 'danger', 'data-testid': 'confirm-entity-delete-yes', onClick: () => { setConfirmDelete(false); run('delete', null, etag); } }, 'Delete'),
          h('button', { type: 'button', 'data-testid': 'confirm-entity-delete-no', onClick: () => setConfirmDelete(false) }, 'Keep it'))),
      h('div', { class: 'buttons' },
        isNew
          ? h('button', { type: 'submit', class: 'primary', disabled: busy, 'data-testid': 'save-insert' }, 'Insert')
          : [
            h('button', { type: 'submit', class: 'primary', disabled: busy, 'data-testid': 'save-replace', key: 'r' }, 'Save (replace)'),
            h('button', { type: 'button', disabled: busy, 'data-testid': 'save-merge', key: 'm', onClick: () => run('save', 'merge', etag) }, 'Save (merge)'),
            h('button', { type: 'button', class: 'danger', disabled: busy, 'data-testid': 'delete-entity', key: 'd', onClick: () => setConfirmDelete(true) }, 'Delete'),
          ],
        h('button', { type: 'button', 'data-testid': 'close-editor', onClick: onClose }, 'Close'))));
}
