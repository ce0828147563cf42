/**
 * Secondary indexes, the same for every engine that keeps its entries as sorted bytes
 * (docs/design/secondary-indexes.md): which entries a committed change moves ({@link
 * dev.tabula.engine.index.IndexEntries}) and the read that returns an index's matches in the
 * service's order ({@link dev.tabula.engine.index.IndexRead}, merging value runs with {@link
 * dev.tabula.engine.index.IndexRunMerge}).
 */
@NullMarked
package dev.tabula.engine.index;

import org.jspecify.annotations.NullMarked;
