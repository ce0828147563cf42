package dev.tabula.bench;

import dev.tabula.model.EdmValue;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The entity shape of the end-to-end benchmarks (see {@code dev.tabula.bench.load.EntityShape}):
 * ten custom properties, about 1 KiB, {@code Color} cycling through five values so a fifth of the
 * rows are Green.
 */
final class BenchEntities {
  static final String[] COLORS = {"Red", "Green", "Blue", "Yellow", "Black"};

  private BenchEntities() {}

  /** The properties of row {@code i}. */
  static Map<String, EdmValue> properties(int i) {
    Map<String, EdmValue> properties = new LinkedHashMap<>();
    properties.put("Color", new EdmValue.EdmString(COLORS[i % COLORS.length]));
    properties.put("Price", new EdmValue.EdmDouble(10.25 + (i % 100)));
    properties.put("Quantity", new EdmValue.EdmInt32(i % 1000));
    properties.put("Sku", new EdmValue.EdmInt64(4_200_000_000L + i));
    properties.put("Active", new EdmValue.EdmBoolean(i % 2 == 0));
    properties.put(
        "Created",
        new EdmValue.EdmDateTime(Instant.parse("2024-05-01T12:00:00Z").plusMillis(i * 1_037L)));
    properties.put("Id", new EdmValue.EdmGuid(new UUID(0x1234L + i, 0x5678L * i)));
    properties.put("Name", new EdmValue.EdmString("Product " + String.format("%010d", i)));
    properties.put("Category", new EdmValue.EdmString("Vegetables"));
    properties.put("Description", new EdmValue.EdmString("x".repeat(700)));
    return properties;
  }

  /** A commit time as the commit clock makes them: 100 ns ticks, usually 7 fractional digits. */
  static Instant timestamp(int i) {
    return Instant.parse("2024-05-02T08:30:00Z").plusNanos(1_234_567_00L * i + 100L * (i % 7));
  }
}
