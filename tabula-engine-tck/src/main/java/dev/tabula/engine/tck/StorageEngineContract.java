package dev.tabula.engine.tck;

import dev.tabula.engine.StorageEngine;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine contract: every promise of the engine SPI as a test, for every engine. An engine's
 * test class extends this and says how to open the engine; a fresh engine on a fresh directory
 * backs every test. The tests live by theme in the {@code *Contract} interfaces this class
 * implements; those gated by a {@link dev.tabula.engine.Capability} are skipped for engines that do
 * not declare it.
 */
public abstract class StorageEngineContract
    implements CatalogContract,
        ApplyContract,
        PreconditionContract,
        ExpiryContract,
        ScanContract,
        ConcurrencyContract,
        LifecycleContract,
        AccessPolicyContract,
        TableSettingsContract,
        AccountSettingsContract,
        NonBlockingContract,
        SnapshotContract,
        ChangeFeedOrderContract,
        SecondaryIndexContract {

  @TempDir Path directory;

  private final SettableClock wallClock = new SettableClock();
  private StorageEngine engine;

  /**
   * Opens the engine under test on {@code dir}, reading commit times from {@code wallClock}.
   * Opening again on the same directory must find what a {@link
   * dev.tabula.engine.Capability#PERSISTENT} engine stored there.
   */
  protected abstract StorageEngine openEngine(Path dir, Clock wallClock);

  @BeforeEach
  final void openEngineForTest() {
    engine = openEngine(directory, wallClock);
  }

  @AfterEach
  final void closeEngineAfterTest() {
    engine.close();
  }

  @Override
  public final StorageEngine engine() {
    return engine;
  }

  @Override
  public final void reopen() {
    engine.close();
    engine = openEngine(directory, wallClock);
  }

  @Override
  public final StorageEngine openOn(Path dir) {
    return openEngine(dir, wallClock);
  }

  @Override
  public final SettableClock wallClock() {
    return wallClock;
  }
}
