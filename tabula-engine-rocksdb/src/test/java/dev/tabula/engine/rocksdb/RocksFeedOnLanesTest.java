package dev.tabula.engine.rocksdb;

import dev.tabula.engine.StorageEngine;
import dev.tabula.engine.tck.ChangeFeedOrderContract;
import dev.tabula.engine.tck.SettableClock;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change-feed contracts on eight commit lanes whatever the machine's cores (the default gives a
 * small machine one lane, on which rounds never commit in parallel): lanes whose rounds overlap are
 * what the feed's watermark ({@link RocksFeedSequencer}) exists for. Broken once: {@link
 * RocksChangeFeed#read} reading up to the newest written group instead of the watermark failed the
 * concurrent test (a group committed behind the reader was never delivered).
 */
class RocksFeedOnLanesTest implements ChangeFeedOrderContract {
  private static final int LANES = 8;

  @TempDir Path directory;

  private final SettableClock wallClock = new SettableClock();
  private StorageEngine engine;

  @BeforeEach
  void open() {
    engine = openEngine();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Override
  public StorageEngine engine() {
    return engine;
  }

  @Override
  public void reopen() {
    engine.close();
    engine = openEngine();
  }

  @Override
  public SettableClock wallClock() {
    return wallClock;
  }

  private StorageEngine openEngine() {
    return new RocksStorageEngine(directory, new RocksOptions(1 << 20, LANES), wallClock);
  }
}
