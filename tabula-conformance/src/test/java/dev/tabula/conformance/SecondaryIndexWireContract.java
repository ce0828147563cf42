package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Secondary indexes over the wire (docs/extensions.md, "Secondary indexes"), on every engine (the
 * Cassandra engine's entries are written ahead and checked on read, the others' atomic): declared
 * in the table settings, built in the background ({@code building}, then {@code ready}), used by
 * the planner when a filter anchors on the indexed property ({@code x-tabula-query-plan:
 * index(name)}), and answering exactly what a scan of a twin table without the index answers, page
 * for page, for seeded random tables and filters of every type, with keys, ranges and {@code $top}.
 * Core's {@code IndexQueryProperties} checks the same against the reference evaluator with
 * shrinking; this runs it on every engine and through the protocol.
 */
@OnEveryEngine
class SecondaryIndexWireContract extends ConformanceBase {
  private static final String EXTENSIONS = "x-tabula-extensions";
  private static final String SETTINGS = "?comp=tabula-settings";
  private static final String BY_V = "{\"indexes\": [{\"name\": \"byV\", \"property\": \"V\"}]}";

  @Test
  void indexedQueries_answerWhatTheScanAnswers_pageForPage() throws InterruptedException {
    Random random = new Random(20261202);
    TableClient plain = newTable();
    TableClient indexed = newTable();
    List<TableEntity> rows = rows(random, 150);
    List<TableEntity> before = rows.subList(0, 90);
    before.forEach(e -> upsert(e, plain, indexed));
    assertThat(put(indexed.getTableName(), BY_V).status()).isEqualTo(204);
    awaitReady(indexed.getTableName());
    rows.subList(90, rows.size()).forEach(e -> upsert(e, plain, indexed));
    for (int i = 0; i < 30; i++) { // values move after the build: entries follow the writes
      TableEntity moved = rows.get(random.nextInt(rows.size()));
      moved.addProperty("V", value(random));
      upsert(moved, plain, indexed);
    }
    plain.deleteEntity(rows.get(0).getPartitionKey(), rows.get(0).getRowKey());
    indexed.deleteEntity(rows.get(0).getPartitionKey(), rows.get(0).getRowKey());

    Set<String> plans = new HashSet<>();
    for (int i = 0; i < 60; i++) {
      String filter = filter(random);
      String top = random.nextBoolean() ? "" : "&$top=" + (1 + random.nextInt(7));
      Pages scan = readAll(plain.getTableName(), filter, top);
      Pages index = readAll(indexed.getTableName(), filter, top);
      assertThat(index.pages).as(filter + top).isEqualTo(scan.pages);
      plans.add(index.plan.replaceAll("\\(.*", ""));
    }
    assertThat(plans).contains("index", "scan");
  }

  @Test
  void settings_showTheIndexes_andAnUnchangedIndexStaysReady() throws InterruptedException {
    String table = newTable().getTableName();

    assertThat(put(table, BY_V).status()).isEqualTo(204);
    JsonNode index = get(table).json().get("indexes").get(0);
    assertThat(index.get("name").asText()).isEqualTo("byV");
    assertThat(index.get("property").asText()).isEqualTo("V");
    assertThat(index.get("state").asText()).isIn("building", "ready");
    awaitReady(table);

    String answered = get(table).bodyText(); // sent back as it came, state included
    assertThat(put(table, answered).status()).isEqualTo(204);
    assertThat(get(table).json().get("indexes").get(0).get("state").asText()).isEqualTo("ready");
  }

  @Test
  void droppingTheIndex_makesQueriesScanAgain() throws InterruptedException {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "a").addProperty("V", 1));
    put(table.getTableName(), BY_V);
    awaitReady(table.getTableName());
    assertThat(readAll(table.getTableName(), "V eq 1", "").plan).isEqualTo("index(byV)");

    assertThat(put(table.getTableName(), "{\"indexes\": []}").status()).isEqualTo(204);

    Pages after = readAll(table.getTableName(), "V eq 1", "");
    assertThat(after.plan).isEqualTo("scan");
    assertThat(after.pages).containsExactly(List.of("p|a"));
    assertThat(get(table.getTableName()).json().get("indexes")).isEmpty();
  }

  /** More than 64 values in a range: the index is declined, the plan says so, the answer holds. */
  @Test
  void aRangeOfManyValues_isDeclined_andScanned() throws InterruptedException {
    TableClient table = newTable();
    for (int i = 0; i < 70; i++) {
      table.createEntity(new TableEntity("p", String.format("r%02d", i)).addProperty("V", i));
    }
    put(table.getTableName(), BY_V);
    awaitReady(table.getTableName());

    Pages many = readAll(table.getTableName(), "V ge 0", "");
    Pages few = readAll(table.getTableName(), "V ge 60", "");

    assertThat(many.plan).isEqualTo("scan (index byV declined: more than 64 values in range)");
    assertThat(many.pages.get(0)).hasSize(70);
    assertThat(few.plan).isEqualTo("index(byV)");
    assertThat(few.pages.get(0)).hasSize(10);
  }

  @Test
  void badIndexes_are400_sayingWhatIsWrong() {
    String name = newTable().getTableName();
    String[][] cases = {
      {"{\"indexes\": {}}", "list"},
      {"{\"indexes\": [{\"name\": \"a\"}]}", "name and a property"},
      {"{\"indexes\": [{\"name\": \"1a\", \"property\": \"V\"}]}", "letter"},
      {"{\"indexes\": [{\"name\": \"a\", \"property\": \"PartitionKey\"}]}", "cannot be indexed"},
      {
        "{\"indexes\": [{\"name\": \"a\", \"property\": \"TabulaExpiresAt\"}]}", "cannot be indexed"
      },
      {"{\"indexes\": [{\"name\": \"a\", \"property\": \"no-dash\"}]}", "not a valid property"},
      {"{\"indexes\": [{\"name\": \"a\", \"property\": 5}]}", "string"},
      {"{\"indexes\": [{\"name\": \"a\", \"property\": \"V\", \"unique\": \"yes\"}]}", "unique"},
      {
        "{\"indexes\": [{\"name\": \"a\", \"property\": \"V\"}, {\"name\": \"a\", \"property\":"
            + " \"W\"}]}",
        "named 'a'"
      },
      {
        "{\"indexes\": [{\"name\": \"a\", \"property\": \"V\"}, {\"name\": \"b\", \"property\":"
            + " \"V\"}]}",
        "property 'V'"
      },
      {nineIndexes(), "at most 8"},
    };
    for (String[] c : cases) {
      RawResponse response = put(name, c[0]);
      assertThat(response.status()).as(c[0]).isEqualTo(400);
      assertThat(response.errorCode()).as(c[0]).isEqualTo("InvalidInput");
      assertThat(response.bodyText()).as(c[0]).contains(c[1]);
    }
    assertThat(get(name).json().get("indexes")).isEmpty();
  }

  private static String nineIndexes() {
    StringBuilder json = new StringBuilder("{\"indexes\": [");
    for (int i = 0; i < 9; i++) {
      json.append(i == 0 ? "" : ", ")
          .append("{\"name\": \"i" + i + "\", \"property\": \"P" + i + "\"}");
    }
    return json.append("]}").toString();
  }

  private static void upsert(TableEntity entity, TableClient... tables) {
    for (TableClient table : tables) {
      table.upsertEntityWithResponse(entity, TableEntityUpdateMode.REPLACE, null, null);
    }
  }

  /** Rows in six partitions, V of every type (or missing), N a small number. */
  private static List<TableEntity> rows(Random random, int count) {
    List<TableEntity> rows = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    while (rows.size() < count) {
      String pk = "p" + random.nextInt(6);
      String rk =
          Integer.toString(random.nextInt(1000), 36) + (random.nextInt(4) == 0 ? "\u00e9" : "");
      if (!keys.add(pk + "|" + rk)) {
        continue;
      }
      TableEntity row = new TableEntity(pk, rk).addProperty("N", random.nextInt(5));
      if (random.nextInt(8) != 0) {
        row.addProperty("V", value(random));
      }
      rows.add(row);
    }
    return rows;
  }

  private static Object value(Random random) {
    int small = random.nextInt(12) - 3;
    return switch (random.nextInt(8)) {
      case 0 -> small;
      case 1 -> (long) small;
      case 2 -> random.nextBoolean() ? small + 0.5 : (small == 0 ? -0.0 : (double) small);
      case 3 -> "s" + small;
      case 4 -> random.nextBoolean();
      case 5 -> OffsetDateTime.of(2020, 1, 1 + small + 3, 0, 0, 0, 0, ZoneOffset.UTC);
      case 6 -> new UUID(small, 0);
      default -> new byte[] {(byte) small};
    };
  }

  /** A filter on V (and sometimes N or the keys), with a constant of a random type. */
  private static String filter(Random random) {
    String v =
        "V "
            + List.of("eq", "gt", "ge", "lt", "le", "ne").get(random.nextInt(6))
            + " "
            + literal(random);
    String anchor = "V " + List.of("eq", "gt", "ge").get(random.nextInt(3)) + " " + literal(random);
    return switch (random.nextInt(6)) {
      case 0 -> anchor;
      case 1 -> anchor + " and " + v;
      case 2 -> anchor + " and N gt 1";
      case 3 -> anchor + " and PartitionKey ge 'p2'";
      case 4 -> anchor + " or N eq 1";
      default -> v;
    };
  }

  private static String literal(Random random) {
    int small = random.nextInt(12) - 3;
    return switch (random.nextInt(8)) {
      case 0 -> Integer.toString(small);
      case 1 -> small + "L";
      case 2 -> small + ".5";
      case 3 -> "'s" + small + "'";
      case 4 -> Boolean.toString(random.nextBoolean());
      case 5 -> "datetime'2020-01-" + String.format("%02d", small + 4) + "T00:00:00Z'";
      case 6 -> "guid'" + new UUID(small, 0) + "'";
      default -> "X'" + String.format("%02x", small & 0xFF) + "'";
    };
  }

  private void awaitReady(String table) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      JsonNode indexes = get(table).json().get("indexes");
      boolean ready = true;
      for (JsonNode index : indexes) {
        ready &= index.get("state").asText().equals("ready");
      }
      if (ready) {
        return;
      }
      assertThat(System.nanoTime() - deadline).as("indexes ready within 20 s").isNegative();
      Thread.sleep(20);
    }
  }

  /** A whole query's non-empty pages, each as its "pk|rk" keys, and its first page's plan. */
  private record Pages(List<List<String>> pages, String plan) {}

  private Pages readAll(String table, String filter, String extraQuery) {
    List<List<String>> pages = new ArrayList<>();
    String plan = null;
    String query = table + "()?$filter=" + ODataPaths.encodeQuery(filter) + extraQuery;
    String next = query;
    for (int requests = 0; next != null; requests++) {
      assertThat(requests).isLessThan(1_000);
      RawResponse response = raw.get(next).header("x-tabula-query-stats", "true").send();
      assertThat(response.status()).as(filter + " " + response).isEqualTo(200);
      List<String> keys = new ArrayList<>();
      response
          .json()
          .path("value")
          .forEach(
              e -> keys.add(e.path("PartitionKey").asText() + "|" + e.path("RowKey").asText()));
      if (!keys.isEmpty()) {
        pages.add(keys);
      }
      if (plan == null) {
        plan = response.header("x-tabula-query-plan").replaceAll(";.*", "");
      }
      String continuation = response.continuation();
      next = continuation == null ? null : query + continuation;
    }
    return new Pages(pages, plan);
  }

  private RawResponse get(String table) {
    return raw.get(table + SETTINGS).header(EXTENSIONS, "settings").send();
  }

  private RawResponse put(String table, String json) {
    return raw.put(table + SETTINGS).header(EXTENSIONS, "settings").json(json).send();
  }
}
