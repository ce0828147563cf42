package dev.tabula.core;

import dev.tabula.engine.Capability;
import java.util.Set;

/**
 * Which of the services' {@code try} calls can answer without waiting over an engine: with {@code
 * reads}, {@link TableService#tryTable}, {@link TableService#tryDescribeTable} and {@link
 * EntityService#tryGet} answer what the engine holds in memory; with {@code writes} as well, the
 * single-entity writes' {@code try} forms ({@link EntityService#tryInsert} and the others) queue
 * their write. Otherwise those calls always say they would wait, so a caller skips them.
 *
 * @param reads whether reads of tables and entities may answer
 * @param writes whether single-entity writes may start; a write resolves its table first, so this
 *     implies {@code reads}
 */
public record NonBlockingCalls(boolean reads, boolean writes) {
  /** No call answers without waiting. */
  public static final NonBlockingCalls NONE = new NonBlockingCalls(false, false);

  public NonBlockingCalls {
    if (writes && !reads) {
      throw new IllegalArgumentException("a write resolves its table: writes need reads");
    }
  }

  /** The calls an engine with these capabilities answers without waiting. */
  public static NonBlockingCalls of(Set<Capability> capabilities) {
    boolean reads = capabilities.contains(Capability.NON_BLOCKING_READS);
    return new NonBlockingCalls(
        reads, reads && capabilities.contains(Capability.NON_BLOCKING_WRITES));
  }
}
