// Edm types: reading an entity's typed values from the service's JSON (minimal metadata), and
// writing edited values back with their type annotations.

export const TYPES = ['Edm.String', 'Edm.Int32', 'Edm.Int64', 'Edm.Double', 'Edm.Boolean',
  'Edm.DateTime', 'Edm.Guid', 'Edm.Binary'];

const SYSTEM = new Set(['PartitionKey', 'RowKey', 'Timestamp']);

/**
 * JSON.parse that keeps whether a number was written as a double (2.0, 1e3): such numbers come
 * back as Number objects, so that a Double holding a whole number is not taken for an Int32 (the
 * service annotates neither in minimal metadata). Uses the reviver's source text where the
 * browser gives it.
 */
export function parseJson(text) {
  return JSON.parse(text, function revive(key, value, context) {
    if (typeof value === 'number' && context && typeof context.source === 'string'
        && /[.eE]/.test(context.source)) {
      // eslint-disable-next-line no-new-wrappers
      return new Number(value);
    }
    return value;
  });
}

function inferred(value) {
  if (value instanceof Number) return 'Edm.Double';
  if (typeof value === 'boolean') return 'Edm.Boolean';
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647 ? 'Edm.Int32' : 'Edm.Double';
  }
  return 'Edm.String';
}

function text(value) {
  if (value instanceof Number) return String(value.valueOf());
  return String(value);
}

/**
 * An entity as the console shows it: {PartitionKey, RowKey, Timestamp, etag, props: [{name, type,
 * value}]}, each value as text.
 */
export function readEntity(json) {
  const props = [];
  for (const [name, value] of Object.entries(json)) {
    if (name.startsWith('odata.') || name.includes('@odata.') || SYSTEM.has(name)) continue;
    const type = json[`${name}@odata.type`] || inferred(value);
    props.push({ name, type, value: text(value) });
  }
  return {
    PartitionKey: json.PartitionKey,
    RowKey: json.RowKey,
    Timestamp: json.Timestamp,
    etag: json['odata.etag'],
    props,
  };
}

/** The short name shown in a type tag: Int32 for Edm.Int32. */
export function shortType(type) {
  return type.replace(/^Edm\./, '');
}

function invalid(name, type, value) {
  return new Error(`${name}: "${value}" is not a valid ${shortType(type)}`);
}

/** One property's JSON members ({name: value} plus its annotation when it needs one). */
function member(name, type, value) {
  switch (type) {
    case 'Edm.String':
      return { [name]: value };
    case 'Edm.Int32': {
      if (!/^-?\d+$/.test(value.trim())) throw invalid(name, type, value);
      const n = Number(value);
      if (n < -2147483648 || n > 2147483647) throw invalid(name, type, value);
      return { [name]: n };
    }
    case 'Edm.Int64':
      if (!/^-?\d+$/.test(value.trim())) throw invalid(name, type, value);
      return { [`${name}@odata.type`]: type, [name]: value.trim() };
    case 'Edm.Double': {
      const t = value.trim();
      if (['NaN', 'INF', '-INF', 'Infinity', '-Infinity'].includes(t)) {
        return { [`${name}@odata.type`]: type, [name]: t.replace('INF', 'Infinity') };
      }
      if (t === '' || Number.isNaN(Number(t))) throw invalid(name, type, value);
      return { [`${name}@odata.type`]: type, [name]: Number(t) };
    }
    case 'Edm.Boolean':
      if (!['true', 'false'].includes(value.trim())) throw invalid(name, type, value);
      return { [name]: value.trim() === 'true' };
    case 'Edm.DateTime':
      if (Number.isNaN(Date.parse(value))) throw invalid(name, type, value);
      return { [`${name}@odata.type`]: type, [name]: value.trim() };
    case 'Edm.Guid':
      if (!/^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/.test(value.trim())) throw invalid(name, type, value);
      return { [`${name}@odata.type`]: type, [name]: value.trim() };
    case 'Edm.Binary':
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value.trim())) throw invalid(name, type, value);
      return { [`${name}@odata.type`]: type, [name]: value.trim() };
    default:
      throw new Error(`${name}: unknown type ${type}`);
  }
}

/** The JSON body of an entity with these keys and properties; throws on a value its type refuses. */
export function entityBody(partitionKey, rowKey, props) {
  const body = { PartitionKey: partitionKey, RowKey: rowKey };
  const seen = new Set();
  for (const { name, type, value } of props) {
    const trimmed = name.trim();
    if (!trimmed) throw new Error('A property needs a name');
    if (SYSTEM.has(trimmed) || seen.has(trimmed)) throw new Error(`${trimmed}: a property is named once, and not as a key`);
    seen.add(trimmed);
    Object.assign(body, member(trimmed, type, value));
  }
  return body;
}
