// Placeholder for the live view (request rate, latency, errors, hot partitions), which the
// console-live branch replaces. The shell imports it lazily when the Live tab is opened.
import { h } from 'preact';

export function LiveView() {
  return h('section', { 'data-testid': 'live-view', 'aria-labelledby': 'live-title' },
    h('h2', { id: 'live-title' }, 'Live'),
    h('p', null, 'The live view is not built yet.'));
}
