package dev.tabula.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmDateTime;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * A page written in halves is byte for byte the page {@link EntityJsonWriter#writeFeed} writes,
 * whoever writes the second half and whenever: a helper thread, a helper that runs it at once
 * (before the first half), one that runs it late, or none at all (refused, or never run).
 */
class FeedWriterProperties {
  private static final ODataContext CTX =
      new ODataContext("http://127.0.0.1:10002/devstoreaccount1", "devstoreaccount1", "orders");
  private static final ExecutorService HELPER = Executors.newSingleThreadExecutor();
  private static final ScheduledExecutorService LATE = Executors.newSingleThreadScheduledExecutor();

  @AfterContainer
  static void stopHelpers() {
    HELPER.shutdownNow();
    LATE.shutdownNow();
  }

  @Property(tries = 60)
  void halvesJoin_intoTheSequentialPage(
      @ForAll @IntRange(min = 0, max = 700) int size,
      @ForAll MetadataLevel level,
      @ForAll("selects") Set<String> select,
      @ForAll("helpers") FeedWriter writer) {
    List<Entity> page = page(size);

    assertThat(new String(writer.write(page, CTX, level, select)))
        .isEqualTo(new String(EntityJsonWriter.writeFeed(page, CTX, level, select)));
  }

  @Example
  void aLongPage_isSplit_andAShortOneIsNot() {
    AtomicInteger offered = new AtomicInteger();
    FeedWriter counting = new FeedWriter(task -> {
      offered.incrementAndGet();
      HELPER.execute(task);
    });

    counting.write(page(FeedWriter.MIN_SPLIT - 1), CTX, MetadataLevel.MINIMAL_METADATA, null);
    assertThat(offered).hasValue(0);
    counting.write(page(FeedWriter.MIN_SPLIT), CTX, MetadataLevel.MINIMAL_METADATA, null);
    assertThat(offered).hasValue(1);
  }

  @Example
  void aFailureInTheSecondHalf_reachesTheCaller() {
    List<Entity> page = new ArrayList<>(page(300));
    // A stored string that cannot be decoded, in the second half only.
    EdmString unreadable = EdmString.ofEncoded(new byte[] {(byte) 0xC3, (byte) 0xA9}, bytes -> {
      throw new IllegalStateException("unreadable");
    });
    page.set(250, new Entity("p", "r", Instant.EPOCH, Map.of("bad", unreadable)));
    FeedWriter writer = new FeedWriter(HELPER);

    assertThatThrownBy(() -> writer.write(page, CTX, MetadataLevel.MINIMAL_METADATA, null))
        .isInstanceOf(IllegalStateException.class).hasMessage("unreadable");
  }

  @Provide
  Arbitrary<FeedWriter> helpers() {
    return Arbitraries.of(
        new FeedWriter(HELPER),
        new FeedWriter(Runnable::run),
        new FeedWriter(task -> LATE.schedule(task, 2, TimeUnit.MILLISECONDS)),
        new FeedWriter(task -> {
          throw new RejectedExecutionException("full");
        }),
        new FeedWriter(task -> { }),
        FeedWriter.sequential());
  }

  @Provide
  Arbitrary<Set<String>> selects() {
    return Arbitraries.of("PartitionKey", "RowKey", "Timestamp", "Name", "Price", "Missing", "*")
        .set().ofMaxSize(4).map(names -> (Set<String>) new LinkedHashSet<>(names)).injectNull(0.4);
  }

  /** Entities of a few shapes, with strings that do and do not need escaping. */
  private static List<Entity> page(int size) {
    List<Entity> page = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      Map<String, EdmValue> properties = new LinkedHashMap<>();
      properties.put("Name", new EdmString(i % 7 == 0 ? "quote \" and \u00e9 " + i : "name " + i));
      if (i % 3 != 0) {
        properties.put("Price", new EdmDouble(i % 11 == 0 ? Double.NaN : i / 4.0));
      }
      properties.put("Sku", new EdmInt64(4_000_000_000L + i));
      properties.put("Seen", new EdmDateTime(Instant.ofEpochSecond(1_700_000_000L + i, i * 100L)));
      properties.put("Description", new EdmString("x".repeat(100 + i % 50)));
      page.add(new Entity(String.format("p%03d", i / 100), String.format("%010d", i),
          Instant.ofEpochSecond(1_700_000_000L, i * 100L), properties));
    }
    return page;
  }
}
