// Export and import of one table, in the command line's formats (JSON Lines, CSV).
// Export: the page asks for a one-time ticket (with the console header), then starts the download
// with a plain link carrying it (the browser streams the file to disk), and polls the ticket's
// progress (rows exported so far) until the server says it is done.
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

export function TransferPanel({ api, table, announce }) {
  return h('div', { class: 'transfer', 'data-testid': 'transfer' },
    h(ExportButtons, { api, table, announce }));
}
