// Export and import of one table, in the command line's formats (JSON Lines, CSV).
// Export: the page asks for a one-time ticket (with the console header), then starts the download
// with a plain link carrying it (the browser streams the file to disk), and polls the ticket's
// progress (rows exported so far) until the server says it is done.
// Import: see ImportForm below.
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { consoleFetch, ServiceError } from './api.js';

const POLL_MS = 500;

async function jsonOrError(response) {
  const text = await response.text();
  if (!response.ok) {
    let code = response.headers.get('x-ms-error-code') || String(response.status);
    throw new ServiceError(response.status, code, text.trim().split('\n')[0]);
  }
  return JSON.parse(text);
}

function ExportButtons({ api, table, announce }) {
  const [progress, setProgress] = useState(null);
  const timer = useRef(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function poll(ticket, format) {
    try {
      const status = await jsonOrError(await consoleFetch(`api/export-status?ticket=${ticket}`));
      setProgress({ format, ...status });
      if (status.done) {
        announce(status.error ? `Export failed: ${status.error}` : `Exported ${status.rows} entities of ${table} as ${format}`);
        return;
      }
    } catch (e) {
      setProgress({ format, error: String(e), done: true, rows: 0 });
      return;
    }
    timer.current = setTimeout(() => poll(ticket, format), POLL_MS);
  }

  async function start(format) {
    clearTimeout(timer.current);
    try {
      const query = `account=${encodeURIComponent(api.account)}&table=${encodeURIComponent(table)}&format=${format}`;
      const issued = await jsonOrError(await consoleFetch(`api/export-tickets?${query}`, { method: 'POST' }));
      setProgress({ format, rows: 0, done: false, error: null });
      const link = document.createElement('a');
      link.href = issued.url;
      link.download = `${table}.${format}`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      poll(issued.ticket, format);
    } catch (e) {
      setProgress({ format, error: String(e), done: true, rows: 0 });
    }
  }

  return h('div', { class: 'row', role: 'group', 'aria-label': 'Export' },
    h('button', { 'data-testid': 'export-jsonl', onClick: () => start('jsonl') }, 'Export JSON Lines'),
    h('button', { 'data-testid': 'export-csv', onClick: () => start('csv') }, 'Export CSV'),
    progress && h('span', { 'data-testid': 'export-status', class: progress.error ? 'error' : 'muted' },
      progress.error
        ? `Export (${progress.format}) failed: ${progress.error}`
        : `${progress.done ? 'Exported' : 'Exporting…'} ${progress.rows} entities (${progress.format})`));
}

// Import: the file is read in slices (File.slice, 1 MiB unless the page's data-import-slice says
// otherwise, as the tests do); each slice goes to the server, which writes its complete records and
// says how many bytes it took, and the next slice starts there (a record cut by a slice's end is sent
// again whole). For CSV the header record goes before every slice after the first.
const DEFAULT_SLICE = 1024 * 1024;
const MAX_SLICE = 4 * 1024 * 1024 - 64 * 1024;

function sliceSize() {
  const given = Number(document.body.dataset.importSlice);
  return given > 0 ? given : DEFAULT_SLICE;
}

async function sendSlice(api, table, query, body) {
  const url = `api/import/${encodeURIComponent(api.account)}/${encodeURIComponent(table)}?${query}`;
  const response = await consoleFetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/octet-stream' } });
  return jsonOrError(response);
}

function ImportForm({ api, table, announce, onImported }) {
  const [file, setFile] = useState(null);
  const [mode, setMode] = useState('insert');
  const [state, setState] = useState(null);
  const cancelled = useRef(false);

  async function run() {
    const format = file.name.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl';
    cancelled.current = false;
    let offset = 0; let line = 1; let written = 0; let size = sliceSize();
    let header = null; const failed = [];
    const show = (running, error = null) => setState({ running, cancelled: cancelled.current, offset, total: file.size, written, failed: [...failed], error });
    show(true);
    try {
      while (offset < file.size && !cancelled.current) {
        const end = Math.min(file.size, offset + size);
        const last = end === file.size ? 1 : 0;
        const parts = header ? [header, file.slice(offset, end)] : [file.slice(offset, end)];
        const query = `format=${format}&mode=${mode}&firstLine=${line}&last=${last}&headerBytes=${header ? header.size : 0}`;
        const answer = await sendSlice(api, table, query, new Blob(parts));
        if (format === 'csv' && !header) header = file.slice(0, answer.header);
        if (answer.consumed === 0 && !last) {
          if (size >= MAX_SLICE) throw new Error(`a record at line ${line} is longer than ${MAX_SLICE} bytes`);
          size = Math.min(MAX_SLICE, size * 2); // a record longer than the slice: a larger slice
          continue;
        }
        offset += answer.consumed; line += answer.lines; written += answer.written;
        failed.push(...answer.failed);
        show(true);
      }
      show(false);
      announce(`${cancelled.current ? 'Import cancelled' : 'Imported'}: ${written} entities written, ${failed.length} failed`);
    } catch (e) {
      show(false, String(e));
    }
    onImported();
  }

  return h('div', { class: 'row', role: 'group', 'aria-label': 'Import' },
    h('label', { for: 'import-file' }, 'Import file'),
    h('input', { id: 'import-file', type: 'file', accept: '.jsonl,.json,.csv,.ndjson', 'data-testid': 'import-file', onChange: (e) => setFile(e.target.files[0] || null) }),
    h('label', { for: 'import-mode' }, 'Mode'),
    h('select', { id: 'import-mode', 'data-testid': 'import-mode', value: mode, onChange: (e) => setMode(e.target.value) },
      ['insert', 'merge', 'replace'].map((m) => h('option', { key: m, value: m }, m))),
    h('button', { 'data-testid': 'import-start', disabled: !file || (state && state.running), onClick: run }, 'Import'),
    state && state.running && h('button', { 'data-testid': 'import-cancel', onClick: () => { cancelled.current = true; } }, 'Cancel'),
    state && h('div', { 'data-testid': 'import-status' },
      h('label', { for: 'import-progress' }, 'Import progress'),
      h('progress', { id: 'import-progress', 'data-testid': 'import-progress', max: state.total || 1, value: state.offset }),
      h('span', { 'data-testid': 'import-counts' },
        `${state.running ? 'Importing…' : state.cancelled ? 'Import cancelled:' : 'Import done:'} ${state.offset} of ${state.total} bytes, ${state.written} written, ${state.failed.length} failed`),
      state.error && h('p', { class: 'error', role: 'alert', 'data-testid': 'import-error' }, state.error),
      state.failed.length > 0 && h('ul', { 'data-testid': 'import-failures', class: 'error' },
        state.failed.slice(0, 20).map((f) => h('li', { key: f.line }, `line ${f.line}: ${f.code}${f.message ? ` (${f.message})` : ''}`)))));
}

export function TransferPanel({ api, table, announce, onImported }) {
  return h('div', { class: 'transfer', 'data-testid': 'transfer' },
    h(ExportButtons, { api, table, announce }),
    h(ImportForm, { api, table, announce, onImported }));
}
