// The live view: the data listener's requests of the last minutes (rate, latency percentiles,
// errors and 503s) as uPlot charts, and the hottest partitions per table as a heat map, from
// GET /console/api/activity every 2 seconds while the page is visible.
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import { consoleFetch } from './api.js';

/** How often the view asks for new figures, in milliseconds. */
export const REFRESH_MILLIS = 2000;

const MINUTES = [1, 5, 10];

/** Loads live.css once: the shell's stylesheet stays the shell's, and CSP allows 'self' only. */
function useLiveStyles() {
  useEffect(() => {
    if (!document.querySelector('link[data-live-css]')) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = 'live.css';
      link.dataset.liveCss = '';
      document.head.appendChild(link);
    }
  }, []);
}

/**
 * Polls fn every `millis` while the document is visible: a hidden tab (another tab in front, a
 * minimised window) asks nothing, and asks at once when it shows again.
 */
export function useVisiblePolling(fn, millis, deps) {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    let timer = null;
    const start = () => {
      if (timer === null && document.visibilityState === 'visible') {
        latest.current();
        timer = setInterval(() => latest.current(), millis);
      }
    };
    const stop = () => {
      if (timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    };
    const changed = () => (document.visibilityState === 'visible' ? start() : stop());
    document.addEventListener('visibilitychange', changed);
    start();
    return () => {
      stop();
      document.removeEventListener('visibilitychange', changed);
    };
  }, deps);
}

async function loadActivity(minutes) {
  const response = await consoleFetch(`api/activity?minutes=${minutes}`);
  if (!response.ok) {
    const text = (await response.text()).trim();
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
  return response.json();
}

/** The buckets as uPlot's columns: x in seconds, then one array per series (null: no data). */
function columns(buckets, fields) {
  return [buckets.map((b) => b.t / 1000), ...fields.map((f) => buckets.map((b) => b[f]))];
}

function largest(values) {
  let most = 0;
  for (const v of values) if (v != null && v > most) most = v;
  return most;
}

function formatMs(v) {
  if (v == null) return '–';
  return v < 10 ? `${v.toFixed(2)} ms` : `${Math.round(v)} ms`;
}

/**
 * One uPlot chart that follows its container's width. The figure carries a caption and a text
 * summary (the chart itself is a canvas, which screen readers cannot read).
 */
function Chart({ testid, title, summary, series, data, yLabel }) {
  const holder = useRef(null);
  const plot = useRef(null);
  useEffect(() => {
    const el = holder.current;
    plot.current = new uPlot({
      width: Math.max(el.clientWidth, 300),
      height: 170,
      scales: { x: { time: true } },
      series: [{}, ...series.map((s) => ({ spanGaps: false, width: 1.5, ...s }))],
      axes: [{}, { label: yLabel, size: 60 }],
      legend: { live: false },
    }, data, el);
    const resized = new ResizeObserver(() => {
      plot.current.setSize({ width: Math.max(el.clientWidth, 300), height: 170 });
    });
    resized.observe(el);
    return () => {
      resized.disconnect();
      plot.current.destroy();
      plot.current = null;
    };
  }, []);
  useEffect(() => {
    if (plot.current) plot.current.setData(data);
  }, [data]);
  const points = data[0].length;
  return h('figure', { class: 'live-chart', 'data-testid': testid, 'data-points': points },
    h('figcaption', null, h('strong', null, title), ' ',
      h('span', { class: 'live-summary', 'data-testid': `${testid}-summary` }, summary)),
    h('div', { ref: holder, class: 'live-plot', 'aria-hidden': 'true' }));
}

function Charts({ buckets }) {
  const last = buckets.length ? buckets[buckets.length - 1] : null;
  const requests = buckets.map((b) => b.requests);
  const total = requests.reduce((a, b) => a + b, 0);
  const errors = buckets.reduce((a, b) => a + b.errors4xx + b.errors5xx, 0);
  const throttled = buckets.reduce((a, b) => a + b.throttled503, 0);
  return h('div', { class: 'live-charts' },
    h(Chart, {
      testid: 'live-rate', title: 'Requests per second',
      summary: `last second ${last ? last.requests : 0}, peak ${largest(requests)}, ${total} in all`,
      yLabel: 'requests/s',
      series: [{ label: 'requests/s', stroke: '#0969da', fill: 'rgba(9,105,218,0.12)' }],
      data: columns(buckets, ['requests']),
    }),
    h(Chart, {
      testid: 'live-latency', title: 'Latency',
      summary: `last second p50 ${formatMs(last && last.p50ms)}, p95 ${formatMs(last && last.p95ms)},`
        + ` p99 ${formatMs(last && last.p99ms)}; worst p99 ${formatMs(largest(buckets.map((b) => b.p99ms)) || null)}`,
      yLabel: 'ms',
      series: [
        { label: 'p50', stroke: '#1a7f37' },
        { label: 'p95', stroke: '#9a6700' },
        { label: 'p99', stroke: '#cf222e' },
      ],
      data: columns(buckets, ['p50ms', 'p95ms', 'p99ms']),
    }),
    h(Chart, {
      testid: 'live-errors', title: 'Errors and 503s',
      summary: `${errors} errors, ${throttled} answered 503 ServerBusy`,
      yLabel: 'per second',
      series: [
        { label: '4xx', stroke: '#9a6700' },
        { label: '5xx', stroke: '#cf222e' },
        { label: '503', stroke: '#8250df', dash: [4, 3] },
      ],
      data: columns(buckets, ['errors4xx', 'errors5xx', 'throttled503']),
    }));
}

/** The hot partitions grouped by account and table, each table's hottest first. */
export function byTable(hotPartitions) {
  const tables = new Map();
  for (const p of hotPartitions) {
    const key = `${p.account}/${p.table}`;
    if (!tables.has(key)) tables.set(key, { account: p.account, table: p.table, partitions: [] });
    tables.get(key).partitions.push(p);
  }
  const rows = [...tables.values()];
  rows.forEach((r) => r.partitions.sort((a, b) => b.requests - a.requests));
  rows.sort((a, b) => b.partitions[0].requests - a.partitions[0].requests);
  return rows;
}

/** A cell's colour: from pale to deep red as its requests near the hottest partition's. */
function heat(requests, hottest) {
  const share = hottest > 0 ? requests / hottest : 0;
  const lightness = Math.round(96 - share * 52);
  return {
    background: `hsl(8, 85%, ${lightness}%)`,
    color: lightness < 62 ? '#fff' : '#1b1f24',
  };
}

function HeatMap({ hotPartitions }) {
  if (!hotPartitions.length) {
    return h('p', { class: 'hint', 'data-testid': 'heatmap-empty' },
      'No partition has taken requests in the last minutes.');
  }
  const rows = byTable(hotPartitions);
  const hottest = rows[0].partitions[0].requests;
  const width = Math.max(...rows.map((r) => r.partitions.length));
  return h('table', { class: 'grid live-heatmap', 'data-testid': 'heatmap' },
    h('caption', null, 'Hottest partitions per table: requests in the last one to two minutes'),
    h('thead', null, h('tr', null,
      h('th', { scope: 'col' }, 'Account'),
      h('th', { scope: 'col' }, 'Table'),
      Array.from({ length: width }, (_, i) => h('th', { scope: 'col', key: i }, `#${i + 1}`)))),
    h('tbody', null, rows.map((row) => h('tr', { key: `${row.account}/${row.table}`, 'data-testid': 'heatmap-row' },
      h('td', null, row.account),
      h('th', { scope: 'row' }, row.table),
      Array.from({ length: width }, (_, i) => {
        const p = row.partitions[i];
        if (!p) return h('td', { key: i, class: 'heat-none' });
        const approx = p.maxError > 0 ? ` (±${p.maxError})` : '';
        return h('td', {
          key: i, class: 'heat', style: heat(p.requests, hottest), 'data-testid': 'heat-cell',
          'data-partition': p.partitionKey, title: `${p.table} / ${p.partitionKey}: ${p.requests} requests${approx}`,
        },
        h('span', { class: 'heat-key' }, p.partitionKey === '' ? '(empty)' : p.partitionKey),
        h('span', { class: 'heat-count' }, `${p.requests}${approx}`));
      })))));
}

export function LiveView() {
  useLiveStyles();
  const [minutes, setMinutes] = useState(5);
  const [activity, setActivity] = useState(null);
  const [error, setError] = useState(null);
  const [updated, setUpdated] = useState(null);

  useVisiblePolling(async () => {
    try {
      const next = await loadActivity(minutes);
      setActivity(next);
      setUpdated(new Date(next.now));
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, REFRESH_MILLIS, [minutes]);

  return h('section', { class: 'live', 'data-testid': 'live-view', 'aria-labelledby': 'live-title' },
    h('div', { class: 'row' },
      h('h2', { id: 'live-title' }, 'Live'),
      h('label', { for: 'live-minutes' }, 'Show the last'),
      h('select', {
        id: 'live-minutes', 'data-testid': 'live-minutes', value: String(minutes),
        onChange: (e) => setMinutes(Number(e.target.value)),
      }, MINUTES.map((m) => h('option', { key: m, value: String(m) }, m === 1 ? '1 minute' : `${m} minutes`))),
      h('span', { class: 'hint', 'data-testid': 'live-updated' },
        updated ? `Updated ${updated.toLocaleTimeString()}; every ${REFRESH_MILLIS / 1000} s while this tab is visible.` : 'Loading…')),
    error && h('p', { class: 'error', role: 'alert', 'data-testid': 'live-error' }, `The activity did not load: ${error.message}`),
    h('p', { class: 'hint' }, 'Requests on the data listener, one point a second; the console\u2019s own requests are not counted.'),
    activity && h(Charts, { buckets: activity.buckets }),
    h('h3', null, 'Hot partitions'),
    activity && h(HeatMap, { hotPartitions: activity.hotPartitions }));
}
