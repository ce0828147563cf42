// The entity grid of one table (filled in by the next step).
import { h } from 'preact';

export function DataView({ table }) {
  return h('section', { 'data-testid': 'data-view' }, h('h2', null, table));
}
