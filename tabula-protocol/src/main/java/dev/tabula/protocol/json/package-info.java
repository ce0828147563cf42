/**
 * The service's OData JSON payloads ("JSON light", OData v3): entity and table bodies in, entity,
 * feed, table and error bodies out, at the three metadata levels. Jackson streaming only, so the
 * byte layout (key order, number text) is chosen here rather than by a data binder.
 */
@NullMarked
package dev.tabula.protocol.json;

import org.jspecify.annotations.NullMarked;
