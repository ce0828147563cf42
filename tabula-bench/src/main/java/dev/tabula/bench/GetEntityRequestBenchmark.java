package dev.tabula.bench;

import dev.tabula.core.AccessPolicyService;
import dev.tabula.core.BatchService;
import dev.tabula.core.EntityService;
import dev.tabula.core.NonBlockingCalls;
import dev.tabula.core.TableService;
import dev.tabula.core.TableSettingsService;
import dev.tabula.core.index.IndexBuilds;
import dev.tabula.core.properties.ServicePropertiesService;
import dev.tabula.engine.rocksdb.RocksOptions;
import dev.tabula.engine.rocksdb.RocksStorageEngine;
import dev.tabula.model.Entity;
import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.auth.AccountKeys;
import dev.tabula.protocol.auth.AuthenticatorChain;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.tools.client.SharedKeyLiteSigner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One signed Get Entity request through the whole protocol, as the server runs it once Netty has
 * read the request and before Netty writes the answer: the request built from its header lines, the
 * resource parsed, the version and the Accept header checked, SharedKeyLite verified, the entity
 * read from a real RocksDB engine (in its memtable) and written as JSON with the service's headers.
 * The header lines are those the Java SDK sends for a Get Entity. This is the server's own share of
 * a point read, the part it can make cheaper; Netty's decoding, encoding and the system calls come
 * on top.
 *
 * <p>Run: {@code java -jar tabula-bench/target/benchmarks.jar GetEntityRequestBenchmark -f 1 -wi 3
 * -i 5}.
 */
public class GetEntityRequestBenchmark extends AverageTimeBenchmark {
  private static final String ACCOUNT = "devstoreaccount1";

  /** The development account's well-known key, which every Azure emulator ships. */
  private static final String KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

  private static final String TABLE = "bench";
  private static final String PATH =
      "/" + ACCOUNT + "/" + TABLE + "(PartitionKey='p042',RowKey='0000000123')";

  private Path dir;
  private RocksStorageEngine engine;
  private TableProtocol protocol;
  private List<Map.Entry<String, String>> headerLines;

  @Setup
  public void setUp() throws IOException {
    dir = Files.createTempDirectory("tabula-request-bench");
    engine = new RocksStorageEngine(dir, RocksOptions.defaults());
    Clock clock = Clock.systemUTC();
    TableService tables = new TableService(engine.catalog());
    EntityService entities = new EntityService(tables, engine.entities(), 1000);
    AccessPolicyService policies = new AccessPolicyService(engine.catalog());
    AccountKeys keys = AccountKeys.of(Map.of(ACCOUNT, List.of(KEY)));
    AuthenticatorChain authenticator = AuthenticatorChain.standard(keys, policies::find, clock);
    protocol =
        new TableProtocol(
            tables,
            entities,
            new BatchService(tables, engine.entities()),
            policies,
            new TableSettingsService(
                engine.catalog(),
                engine.capabilities(),
                new IndexBuilds(engine.catalog(), engine.entities(), IndexBuilds.Listener.NONE)),
            new ServicePropertiesService(engine.accountSettings()),
            Set.of(ACCOUNT),
            authenticator,
            clock,
            NonBlockingCalls.of(engine.capabilities()),
            "Tabula/bench");
    tables.createTable(ACCOUNT, TABLE);
    entities
        .insert(ACCOUNT, TABLE, Entity.unsaved("p042", "0000000123", BenchEntities.properties(123)))
        .join();
  }

  /** Signs again each iteration, so a run of any length stays in the service's date window. */
  @Setup(Level.Iteration)
  public void signRequest() {
    String date = SharedKeyLiteSigner.httpDate(Instant.now());
    String authorization = new SharedKeyLiteSigner(ACCOUNT, KEY).authorization(date, PATH);
    headerLines =
        List.of(
            Map.entry("Host", "127.0.0.1:10002"),
            Map.entry("Accept", "application/json;odata=minimalmetadata"),
            Map.entry("x-ms-version", "2019-02-02"),
            Map.entry("DataServiceVersion", "3.0"),
            Map.entry("MaxDataServiceVersion", "3.0;NetFx"),
            Map.entry("x-ms-client-request-id", "0f0e2e52-5d0c-4b8a-9d1e-4b37f64c3a1e"),
            Map.entry("User-Agent", "azsdk-java-data-tables/12.5.0 (17.0.15; Linux; 6.1)"),
            Map.entry("x-ms-date", date),
            Map.entry("Authorization", authorization),
            Map.entry("Content-Length", "0"));
    ServiceResponse answer = getEntity();
    if (answer.status() != 200) {
      throw new IllegalStateException("the benchmark's request was answered " + answer.status());
    }
  }

  @TearDown
  public void tearDown() throws IOException {
    engine.close();
    BenchDirs.delete(dir);
  }

  /** The request as Netty hands it over, answered. */
  @Benchmark
  public ServiceResponse getEntity() {
    ServiceRequest request =
        ServiceRequest.fromHeaderLines("GET", PATH, headerLines, new byte[0], null);
    return protocol.handle(request, "http");
  }
}
