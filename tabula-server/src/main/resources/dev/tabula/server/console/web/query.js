// The query builder (filled in by a later step).
import { h } from 'preact';

export function QueryView({ table }) {
  return h('section', { 'data-testid': 'query-view' }, h('h2', null, `Query ${table}`));
}
