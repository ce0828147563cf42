/**
 * Entity files: JSON Lines (one entity a line, in the service's OData JSON with its type
 * annotations) and CSV (a type column beside each property, as Storage Explorer writes them), read
 * and written one entity at a time.
 */
@NullMarked
package dev.tabula.tools.format;

import org.jspecify.annotations.NullMarked;
