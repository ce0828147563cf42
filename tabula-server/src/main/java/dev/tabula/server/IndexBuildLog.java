package dev.tabula.server;

import dev.tabula.core.index.IndexBuilds;
import dev.tabula.model.IndexDefinition;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's log of secondary-index builds: when one starts (a new index, or one a stop cut
 * short), when it is done (queries use it from then on) and when it failed (tried again), so that
 * an operator can tell why a query does not use an index yet.
 */
final class IndexBuildLog implements IndexBuilds.Listener {
  private static final Logger LOG = LoggerFactory.getLogger(IndexBuildLog.class);

  @Override
  public void started(String account, String table, IndexDefinition index) {
    LOG.info(
        "Building index {} (property {}) of table {}/{}",
        index.name(),
        index.property(),
        account,
        table);
  }

  @Override
  public void built(String account, String table, IndexDefinition index, Duration took) {
    LOG.info(
        "Index {} of table {}/{} built in {} ms; queries use it from now on",
        index.name(),
        account,
        table,
        took.toMillis());
  }

  @Override
  public void failed(
      String account, String table, IndexDefinition index, RuntimeException failure) {
    LOG.warn(
        "Building index {} of table {}/{} failed; it is tried again in a few seconds: {}",
        index.name(),
        account,
        table,
        failure.toString());
  }
}
