// A table's extension settings (docs/extensions.md): time-to-live and the change feed, read when the
// dialog opens and replaced whole on Save. What the server cannot do (a change feed on an engine
// without one) comes back as the service's error and is shown as such.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Dialog } from './dialog.js';

/** The form's fields from the settings document. */
function fieldsOf(settings) {
  const ttl = settings.timeToLive;
  return {
    ttlMode: ttl == null ? 'off' : ttl === -1 ? 'own' : 'default',
    ttlSeconds: ttl == null || ttl === -1 ? '' : String(ttl),
    feed: settings.changeFeed != null,
    retentionSeconds: settings.changeFeed ? String(settings.changeFeed.retentionSeconds) : '604800',
  };
}

/** The settings document from the form's fields; numbers are sent as typed, the server checks them. */
function settingsOf(fields) {
  const timeToLive = fields.ttlMode === 'off' ? null
    : fields.ttlMode === 'own' ? -1 : Number(fields.ttlSeconds);
  const changeFeed = fields.feed ? { retentionSeconds: Number(fields.retentionSeconds) } : null;
  return { timeToLive, changeFeed };
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
      h('div', { class: 'buttons' },
        h('button', { type: 'submit', 'data-testid': 'save-settings', disabled: saving }, 'Save'),
        h('button', { type: 'button', 'data-testid': 'cancel-settings', onClick: onClose }, 'Cancel'))));
}
