package dev.tabula.bench;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.query.Filter;
import dev.tabula.query.FilterEvaluator;
import dev.tabula.query.FilterParser;
import dev.tabula.query.PropertySource;
import dev.tabula.query.QueryPlan;
import dev.tabula.query.QueryPlanner;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Parse, plan and evaluate of the filters users model their data around (issue 3): a point, a
 * partition, the PartitionKey prefix idiom with a residual, a filtered scan predicate and an {@code
 * or} union of points. {@code evaluate} runs the filter against one stored-looking entity with ten
 * custom properties, through {@link PropertySource#of}, as the server's residual does.
 *
 * <p>Run: {@code java -jar tabula-bench/target/benchmarks.jar FilterBenchmark -f 1 -wi 3 -i 5}.
 */
public class FilterBenchmark extends AverageTimeBenchmark {

  /** The filter texts by name; the entity matches all but {@code prefix}. */
  static final Map<String, String> FILTERS =
      Map.of(
          "point", "PartitionKey eq 'p042' and RowKey eq '0000000123'",
          "partition", "PartitionKey eq 'p042'",
          "prefix",
              "PartitionKey ge 'Vegetable' and PartitionKey lt 'Vegetablf' and Color eq 'Green'",
          "scan", "Color eq 'Green' and Price gt 10.5",
          "union",
              "(PartitionKey eq 'p001' and RowKey eq '0000000001')"
                  + " or (PartitionKey eq 'p042' and RowKey eq '0000000123')"
                  + " or PartitionKey eq 'p077'");

  @Param({"point", "partition", "prefix", "scan", "union"})
  public String shape;

  private String text;
  private Filter filter;
  private QueryPlan plan;
  private Entity entity;

  @Setup
  public void setUp() {
    text = FILTERS.get(shape);
    filter = FilterParser.parse(text);
    plan = QueryPlanner.plan(filter);
    entity = sampleEntity();
  }

  /** Lexing, parsing and type-binding the text. */
  @Benchmark
  public Filter parse() {
    return FilterParser.parse(text);
  }

  /** Turning a parsed filter into key ranges plus the residual. */
  @Benchmark
  public QueryPlan plan() {
    return QueryPlanner.plan(filter);
  }

  /** Evaluating a parsed filter against one entity. */
  @Benchmark
  public boolean evaluate() {
    return FilterEvaluator.matches(filter, PropertySource.of(entity));
  }

  /** The residual predicate of a plan against one entity, as a query page applies it per row. */
  @Benchmark
  public boolean residual() {
    return plan.residual().test(entity);
  }

  /** An entity of about 1 KiB with ten custom properties, as the end-to-end benchmark stores. */
  static Entity sampleEntity() {
    Map<String, EdmValue> properties = new LinkedHashMap<>();
    properties.put("Color", new EdmValue.EdmString("Green"));
    properties.put("Price", new EdmValue.EdmDouble(12.75));
    properties.put("Quantity", new EdmValue.EdmInt32(17));
    properties.put("Sku", new EdmValue.EdmInt64(4_200_000_123L));
    properties.put("Active", new EdmValue.EdmBoolean(true));
    properties.put("Created", new EdmValue.EdmDateTime(Instant.parse("2024-05-01T12:00:00Z")));
    properties.put("Id", new EdmValue.EdmGuid(new UUID(0x1234L, 0x5678L)));
    properties.put("Name", new EdmValue.EdmString("Product 0000000123"));
    properties.put("Category", new EdmValue.EdmString("Vegetables"));
    properties.put("Description", new EdmValue.EdmString("x".repeat(700)));
    return new Entity("p042", "0000000123", Instant.parse("2024-05-02T08:30:00Z"), properties);
  }
}
