package dev.tabula.bench.abuse;

import dev.tabula.bench.load.Continuation;
import dev.tabula.bench.load.FeedReader;
import dev.tabula.bench.load.FeedSummary;
import dev.tabula.bench.load.HttpConnection.Response;
import dev.tabula.bench.load.TableConnection;
import dev.tabula.bench.load.TableEndpoint;
import dev.tabula.tools.client.SharedKeyLiteSigner;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Issue 18's abuse client, driven by {@code bench/big-pages.sh}. {@code load} fills a table with
 * large entities (15 strings of 32K characters: about 0.47 MiB of JSON, 0.94 MiB by the service's
 * accounting); {@code read} has several readers page through the whole table at once, checking that
 * every page is valid JSON with keys in order and that each reader gets every entity once; {@code
 * pipeline} sends pipelined Query Entities requests on one connection and never reads the answers.
 * Every mode is bounded in time. Prints one summary line; exits 1 when a check failed.
 */
public final class BigPagesMain {
  private static final int STRINGS = 15;
  private static final int CHARS = 32 * 1024;

  private BigPagesMain() {}

  public static void main(String[] args) throws Exception {
    String mode = args[0];
    URI endpoint =
        URI.create(option(args, "--endpoint", "http://127.0.0.1:10002/devstoreaccount1"));
    String table = option(args, "--table", "bigpages");
    int entities = Integer.parseInt(option(args, "--entities", "1000"));
    int readers = Integer.parseInt(option(args, "--readers", "8"));
    int seconds = Integer.parseInt(option(args, "--duration", "120"));
    TableEndpoint target = TableEndpoint.development(endpoint);
    boolean ok =
        switch (mode) {
          case "load" -> load(target, table, entities);
          case "read" -> read(target, table, entities, readers, seconds);
          case "pipeline" -> pipeline(target, table + "()" + option(args, "--query", ""), seconds);
          default -> throw new IllegalArgumentException("mode: load, read or pipeline");
        };
    System.exit(ok ? 0 : 1);
  }

  private static String option(String[] args, String name, String otherwise) {
    for (int i = 1; i + 1 < args.length; i++) {
      if (args[i].equals(name)) {
        return args[i + 1];
      }
    }
    return otherwise;
  }

  /** Creates the table and inserts the entities, four connections at a time. */
  private static boolean load(TableEndpoint target, String table, int count) throws Exception {
    try (TableConnection connection = new TableConnection(target, 60_000)) {
      connection.createTable(table);
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<Integer>> parts = new ArrayList<>();
    for (int part = 0; part < 4; part++) {
      int first = part;
      parts.add(
          pool.submit(
              () -> {
                int failed = 0;
                try (TableConnection connection = new TableConnection(target, 60_000)) {
                  for (int i = first; i < count; i += 4) {
                    int status = connection.insert(table, entity(i)).status();
                    failed += status == 201 || status == 204 ? 0 : 1;
                  }
                }
                return failed;
              }));
    }
    int failed = 0;
    for (Future<Integer> part : parts) {
      failed += part.get();
    }
    pool.shutdown();
    System.out.printf(
        Locale.ROOT,
        "load: %d entities of %d bytes of JSON, %d failed%n",
        count,
        entity(0).length,
        failed);
    return failed == 0;
  }

  private static byte[] entity(int i) {
    StringBuilder json =
        new StringBuilder(STRINGS * (CHARS + 8) + 64)
            .append("{\"PartitionKey\":\"p\",\"RowKey\":\"")
            .append(String.format(Locale.ROOT, "r%05d", i))
            .append('"');
    for (int s = 0; s < STRINGS; s++) {
      json.append(",\"s")
          .append(s)
          .append("\":\"")
          .append(String.valueOf((char) ('a' + (i + s) % 26)).repeat(CHARS))
          .append('"');
    }
    return json.append('}').toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Readers page through the table at once, each once; all must see every entity once. */
  private static boolean read(
      TableEndpoint target, String table, int count, int readers, int seconds) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(readers);
    List<Future<String>> results = new ArrayList<>();
    long start = System.nanoTime();
    for (int r = 0; r < readers; r++) {
      results.add(pool.submit(() -> readAll(target, table, count)));
    }
    pool.shutdown();
    boolean ok = pool.awaitTermination(seconds, TimeUnit.SECONDS);
    int good = 0;
    for (Future<String> result : results) {
      String outcome = result.isDone() ? result.get() : "unfinished";
      System.out.println("reader: " + outcome);
      good += outcome.startsWith("ok") ? 1 : 0;
    }
    pool.shutdownNow();
    System.out.printf(
        Locale.ROOT,
        "read: %d of %d readers complete and valid in %.1f s%n",
        good,
        readers,
        (System.nanoTime() - start) / 1e9);
    return ok && good == readers;
  }

  private static String readAll(TableEndpoint target, String table, int count) {
    FeedReader feeds = FeedReader.keysOnly();
    int entities = 0;
    int pages = 0;
    long bytes = 0;
    int largest = 0;
    try (TableConnection connection = new TableConnection(target, 120_000)) {
      Continuation next = null;
      do {
        Response page = connection.queryPage(table, null, null, next);
        if (page.status() != 200) {
          return "failed: status " + page.status() + " after " + entities + " entities";
        }
        FeedSummary summary = feeds.read(page.body());
        if (summary.disorder() > 0) {
          return "failed: keys out of order";
        }
        entities += summary.count();
        pages++;
        bytes += page.body().length;
        largest = Math.max(largest, page.body().length);
        next = Continuation.of(page);
      } while (next != null);
    } catch (IOException | RuntimeException e) {
      return "failed: " + e + " after " + entities + " entities";
    }
    String shape =
        String.format(
            Locale.ROOT,
            "%d entities in %d pages, %d MiB, largest page %.1f MiB",
            entities,
            pages,
            bytes >> 20,
            largest / 1048576.0);
    return (entities == count ? "ok: " : "failed: ") + shape;
  }

  /**
   * Pipelines Query Entities requests on one connection for {@code seconds}, never reading.
   *
   * @param resource the table's query resource, {@code table()}, with a query string if any
   */
  private static boolean pipeline(TableEndpoint target, String resource, int seconds)
      throws IOException {
    int question = resource.indexOf('?');
    String path = target.pathAsSent(question < 0 ? resource : resource.substring(0, question));
    String query = question < 0 ? "" : resource.substring(question);
    String date = SharedKeyLiteSigner.httpDate(Instant.now());
    String authorization =
        new SharedKeyLiteSigner(target.account(), target.key()).authorization(date, path);
    byte[] request =
        ("GET "
                + path
                + query
                + " HTTP/1.1\r\nHost: 127.0.0.1\r\nx-ms-date: "
                + date
                + "\r\nx-ms-version: 2019-02-02\r\nAccept: application/json;odata=nometadata\r\n"
                + "Authorization: "
                + authorization
                + "\r\n\r\n")
            .getBytes(StandardCharsets.UTF_8);
    long sent = 0;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    try (Socket socket = new Socket(target.root().getHost(), target.root().getPort())) {
      OutputStream out = socket.getOutputStream();
      // A write blocks once the server stops reading; the timer thread ends it at the deadline.
      Thread closer =
          new Thread(
              () -> {
                try {
                  Thread.sleep(Math.max(0, (deadline - System.nanoTime()) / 1_000_000));
                  socket.close();
                } catch (InterruptedException | IOException e) {
                  // ends with the run
                }
              });
      closer.setDaemon(true);
      closer.start();
      while (System.nanoTime() < deadline) {
        out.write(request);
        sent++;
      }
    } catch (IOException closed) {
      // the closer ended the blocked write
    }
    System.out.printf(
        Locale.ROOT,
        "pipeline: %d requests (%d KiB) sent in %d s, none read%n",
        sent,
        sent * request.length >> 10,
        seconds);
    return true;
  }
}
