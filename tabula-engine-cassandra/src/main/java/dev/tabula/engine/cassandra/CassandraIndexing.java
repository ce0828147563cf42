package dev.tabula.engine.cassandra;

import dev.tabula.engine.TableInfo;
import dev.tabula.model.IndexDefinition;
import java.util.function.BiPredicate;
import java.util.function.LongSupplier;

/**
 * What the catalog and the entity store share for secondary indexes: the entries, the indexes the
 * catalog last saw per table (for writes by id), whether the catalog still lists a looked-up table
 * with an index of that id (for builds), and commit-clock times in ticks (for the timestamps of
 * builds and drops, see {@link CassandraIndexEntries}).
 */
record CassandraIndexing(
    CassandraIndexEntries entries,
    CassandraTableIndexes tables,
    BiPredicate<TableInfo, IndexDefinition> listed,
    LongSupplier ticks) {}
