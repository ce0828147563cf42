// The Tabula Console: header with the account picker, the table list on the left, and the main
// area with the selected table's data, the query builder, or the live view.
import { h, render } from 'preact';
import { useEffect, useState, useCallback } from 'preact/hooks';
import { AccountApi, session as loadSession } from './api.js';
import { TableList } from './tables.js';
import { DataView } from './grid.js';
import { QueryView } from './query.js';
import { SignIn, signOut } from './signin.js';

const TABS = [
  { id: 'data', label: 'Data' },
  { id: 'query', label: 'Query' },
  { id: 'live', label: 'Live' },
];

/** The live view, loaded on first use (live.js, built on the console-live branch). */
function LazyLive() {
  const [view, setView] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    import('./live.js').then((module) => setView(() => module.LiveView), setError);
  }, []);
  if (error) return h('p', { class: 'error', role: 'alert' }, `The live view did not load: ${error}`);
  return view ? h(view, null) : h('p', null, 'Loading the live view…');
}

function App({ info }) {
  const [account, setAccount] = useState(info.accounts[0] || null);
  const [tables, setTables] = useState([]);
  const [table, setTable] = useState(null);
  const [tab, setTab] = useState('data');
  const [status, setStatus] = useState('');
  const [error, setError] = useState(null);
  const api = account ? new AccountApi(account) : null;

  const refresh = useCallback(async (select) => {
    if (!account) return;
    try {
      const names = await new AccountApi(account).listTables();
      setTables(names);
      setTable(select !== undefined ? select : (names.includes(table) ? table : null));
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, [account, table]);

  useEffect(() => { refresh(null); }, [account]);

  return h('div', { class: 'console' },
    h('header', null,
      h('h1', null, 'Tabula Console'),
      h('span', { class: 'meta', 'data-testid': 'server-info' }, `Tabula ${info.version} on ${info.engine}`),
      h('label', { for: 'account-picker' }, 'Account'),
      h('select', {
        id: 'account-picker', 'data-testid': 'account-picker', value: account,
        onChange: (e) => { setAccount(e.target.value); setTable(null); },
      }, info.accounts.map((name) => h('option', { key: name, value: name }, name))),
      h('nav', { class: 'tabs', 'aria-label': 'Views' },
        TABS.map((t) => h('button', {
          key: t.id, 'data-testid': `tab-${t.id}`, 'aria-pressed': tab === t.id ? 'true' : 'false',
          onClick: () => setTab(t.id),
        }, t.label))),
      info.access === 'signed-in' && h('button', {
        'data-testid': 'signout', onClick: () => signOut().then(start),
      }, 'Sign out')),
    h('div', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-testid': 'status' }, status),
    error && h('p', { class: 'error', role: 'alert', 'data-testid': 'error' }, String(error)),
    !account && h('p', { class: 'error' }, 'The console may act as no account.'),
    account && h('div', { class: 'body' },
      tab !== 'live' && h(TableList, {
        api, tables, selected: table, announce: setStatus,
        onSelect: (name) => { setTable(name); setStatus(`Table ${name} selected.`); },
        onChanged: refresh,
      }),
      h('main', null,
        tab === 'data' && (table
          ? h(DataView, { key: `${account}/${table}`, api, table, announce: setStatus })
          : h('p', { class: 'hint', 'data-testid': 'no-table' }, 'Select a table, or create one.')),
        tab === 'query' && (table
          ? h(QueryView, { key: `${account}/${table}`, api, table })
          : h('p', { class: 'hint' }, 'Select a table to query.')),
        tab === 'live' && h(LazyLive, null))));
}

async function start() {
  const root = document.getElementById('app');
  try {
    const info = await loadSession();
    render(h(App, { info }), root);
  } catch (e) {
    render(e.status === 401
      ? h(SignIn, { onSignedIn: start })
      : h('p', { class: 'error', role: 'alert', 'data-testid': 'error' }, `The console cannot start: ${e}`), root);
  }
}

start();
