// A table's extension settings (docs/extensions.md): time-to-live, the change feed and the secondary
// indexes, read when the dialog opens and replaced whole on Save. A PUT replaces every setting, so
// the indexes are always sent back (an index left out would be dropped, its entries with it). What
// the server cannot do (a change feed or an index on an engine without one) comes back as the
// service's error and is shown as such.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Dialog } from './dialog.js';

/**
 * The form's fields from the settings document. indexes is null when the server's document has no
 * indexes member (a server from before indexes): then none are shown, and none are sent.
 */
function fieldsOf(settings) {
  const ttl = settings.timeToLive;
  return {
    ttlMode: ttl == null ? 'off' : ttl === -1 ? 'own' : 'default',
    ttlSeconds: ttl == null || ttl === -1 ? '' : String(ttl),
    feed: settings.changeFeed != null,
    retentionSeconds: settings.changeFeed ? String(settings.changeFeed.retentionSeconds) : '604800',
    indexes: Array.isArray(settings.indexes)
      ? settings.indexes.map(({ name, property, state }) => ({ name, property, state }))
      : null,
  };
}

/**
 * The settings document from the form's fields; numbers are sent as typed, the server checks them.
 * Indexes go by name and property: the server keeps an index it already has under that name and
 * property (and its entries), builds a new one, and says the state itself.
 */
function settingsOf(fields) {
  const timeToLive = fields.ttlMode === 'off' ? null
    : fields.ttlMode === 'own' ? -1 : Number(fields.ttlSeconds);
  const changeFeed = fields.feed ? { retentionSeconds: Number(fields.retentionSeconds) } : null;
  const settings = { timeToLive, changeFeed };
  if (fields.indexes) settings.indexes = fields.indexes.map(({ name, property }) => ({ name, property }));
  return settings;
}

function IndexRow({ index, onRemove }) {
  return h('tr', { 'data-testid': `index-${index.name}` },
    h('td', null, index.name),
    h('td', null, index.property),
    h('td', { 'data-testid': `index-state-${index.name}` }, index.state ?? 'new: built after Save'),
    h('td', null, h('button', {
      type: 'button', class: 'small', 'data-testid': `remove-index-${index.name}`,
      'aria-label': `Remove index ${index.name}`, onClick: onRemove,
    }, 'Remove')));
}

/**
 * The table's secondary indexes (name, property, state), each with Remove, and a row to add one.
 * Only the list changes here; the server is told on Save, and checks names, properties and limits.
 */
function IndexesFieldset({ indexes, onChange }) {
  const [name, setName] = useState('');
  const [property, setProperty] = useState('');
  const [problem, setProblem] = useState(null);

  function add() {
    const newName = name.trim();
    const newProperty = property.trim();
    if (!newName || !newProperty) {
      setProblem('A new index needs a name and a property.');
    } else if (indexes.some((index) => index.name === newName)) {
      setProblem(`The table already has an index named ${newName}; remove it first to change it.`);
    } else {
      onChange([...indexes, { name: newName, property: newProperty, state: null }]);
      setName('');
      setProperty('');
      setProblem(null);
    }
  }
  // Enter in the new index's fields adds it, instead of saving the whole form.
  const addOnEnter = (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  return h('fieldset', { 'data-testid': 'indexes' },
    h('legend', null, 'Secondary indexes'),
    indexes.length === 0
      ? h('p', { class: 'muted', 'data-testid': 'no-indexes' }, 'No index: a query on a property reads the whole table.')
      : h('table', { class: 'props' },
        h('thead', null, h('tr', null,
          h('th', { scope: 'col' }, 'Name'), h('th', { scope: 'col' }, 'Property'),
          h('th', { scope: 'col' }, 'State'), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Remove')))),
        h('tbody', null, indexes.map((index) => h(IndexRow, {
          key: index.name, index, onRemove: () => onChange(indexes.filter((other) => other !== index)),
        })))),
    h('div', { class: 'row' },
      h('div', null,
        h('label', { for: 'index-name' }, 'New index name'),
        h('input', {
          id: 'index-name', 'data-testid': 'index-name', placeholder: 'byStatus', size: 14,
          value: name, onInput: (e) => setName(e.target.value), onKeyDown: addOnEnter,
        })),
      h('div', null,
        h('label', { for: 'index-property' }, 'Property'),
        h('input', {
          id: 'index-property', 'data-testid': 'index-property', placeholder: 'Status', size: 14,
          value: property, onInput: (e) => setProperty(e.target.value), onKeyDown: addOnEnter,
        })),
      h('button', { type: 'button', 'data-testid': 'add-index', onClick: add }, 'Add index')),
    problem && h('p', { class: 'error', role: 'alert', 'data-testid': 'index-problem' }, problem),
    h('p', { class: 'hint' },
      'A new index is built in the background and used by queries once ready. Added and removed indexes take effect on Save.'));
}

export function TableSettingsDialog({ api, table, onClose, announce }) {
  const [fields, setFields] = useState(null);
  const [error, setError] = useState(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.tableSettings(table).then((s) => setFields(fieldsOf(s)), setError);
  }, [table]);

  const set = (name) => (e) => setFields({
    ...fields, [name]: e.target.type === 'checkbox' ? e.target.checked : e.target.value,
  });

  async function save(event) {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      await api.setTableSettings(table, settingsOf(fields));
      announce(`Settings of ${table} saved.`);
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  }

  return h(Dialog, { title: `Settings of ${table}`, testid: 'table-settings', onClose },
    error && h('p', { class: 'error', role: 'alert', 'data-testid': 'settings-error' }, String(error)),
    !fields && !error && h('p', null, 'Loading…'),
    fields && h('form', { onSubmit: save },
      h('fieldset', null,
        h('legend', null, 'Time to live'),
        h('label', { for: 'ttl-mode' }, 'Entities expire'),
        h('select', { id: 'ttl-mode', 'data-testid': 'ttl-mode', value: fields.ttlMode, onChange: set('ttlMode') },
          h('option', { value: 'off' }, 'never (as in Azure Tables)'),
          h('option', { value: 'own' }, 'when their TabulaExpiresAt passes'),
          h('option', { value: 'default' }, 'a set time after each write')),
        fields.ttlMode === 'default' && h('div', { class: 'row' },
          h('label', { for: 'ttl-seconds' }, 'Seconds after each write'),
          h('input', {
            id: 'ttl-seconds', 'data-testid': 'ttl-seconds', type: 'number', min: 1, step: 1, required: true,
            value: fields.ttlSeconds, onInput: set('ttlSeconds'),
          }))),
      h('fieldset', null,
        h('legend', null, 'Change feed'),
        h('label', null,
          h('input', { type: 'checkbox', 'data-testid': 'feed-on', checked: fields.feed, onChange: set('feed') }),
          ' Record every change'),
        fields.feed && h('div', { class: 'row' },
          h('label', { for: 'feed-retention' }, 'Keep each change for (seconds)'),
          h('input', {
            id: 'feed-retention', 'data-testid': 'feed-retention', type: 'number', min: 1, step: 1, required: true,
            value: fields.retentionSeconds, onInput: set('retentionSeconds'),
          }))),
      fields.indexes && h(IndexesFieldset, {
        indexes: fields.indexes, onChange: (indexes) => setFields({ ...fields, indexes }),
      }),
      h('div', { class: 'buttons' },
        h('button', { type: 'submit', 'data-testid': 'save-settings', disabled: saving }, 'Save'),
        h('button', { type: 'button', 'data-testid': 'cancel-settings', onClick: onClose }, 'Cancel'))));
}
