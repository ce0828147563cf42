/**
 * The storage engine SPI: what core asks of an engine (catalog, entity store, scans, partition
 * batches) and the rules every engine shares ({@link dev.tabula.engine.PartitionBatch}).
 */
@NullMarked
package dev.tabula.engine;

import org.jspecify.annotations.NullMarked;
