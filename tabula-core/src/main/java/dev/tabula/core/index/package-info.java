/**
 * Secondary indexes, Tabula's extension (docs/extensions.md, "Secondary indexes"): resolving the
 * indexes a settings document asks for, building new ones in the background, and choosing an index
 * for a query.
 */
@NullMarked
package dev.tabula.core.index;

import org.jspecify.annotations.NullMarked;
