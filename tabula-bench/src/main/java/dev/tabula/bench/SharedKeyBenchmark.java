package dev.tabula.bench;

import dev.tabula.bench.load.TableConnection;
import dev.tabula.model.TableException;
import dev.tabula.protocol.auth.AccountKey;
import dev.tabula.protocol.auth.AccountKeys;
import dev.tabula.protocol.auth.AuthResult;
import dev.tabula.protocol.auth.AuthScheme;
import dev.tabula.protocol.auth.AuthenticatorChain;
import dev.tabula.protocol.auth.RequestAuthenticator;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.tools.client.SharedKeyLiteSigner;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Authenticating a signed Get Entity request, as the server does for every request: the server's
 * chain of strategies (Shared Key first, then the two SAS kinds) over the development account,
 * against the system clock. {@code SharedKey} is what the Python SDK signs, {@code SharedKeyLite}
 * what the Java, .NET and JavaScript SDKs and the load generator sign. {@code hmac} is the floor
 * under both: the one HMAC-SHA256 of the string to sign that a valid request costs.
 *
 * <p>Every request of one second carries the same {@code x-ms-date}, and the date window keeps the
 * last date it parsed, so this measures its cached path, as a loaded server mostly takes. The date
 * is the current time, re-signed before each iteration so that a run of any length stays within the
 * service's 15-minute window; a request that does not verify fails the setup.
 *
 * <p>Run: {@code java -jar tabula-bench/target/benchmarks.jar SharedKeyBenchmark -f 1 -wi 3 -i 5}.
 */
public class SharedKeyBenchmark extends AverageTimeBenchmark {
  private static final String ACCOUNT = "devstoreaccount1";

  /** The development account's well-known key, which every Azure emulator ships. */
  private static final String KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

  private static final String PATH =
      "/" + ACCOUNT + "/bench(PartitionKey='p042',RowKey='0000000123')";

  @Param({"SharedKey", "SharedKeyLite"})
  public String scheme;

  private RequestAuthenticator authenticator;
  private AccountKey key;
  private ServiceRequest request;
  private String stringToSign;

  @Setup
  public void setUp() {
    // The server's chain; no table has stored access policies here.
    AccountKeys keys = AccountKeys.of(Map.of(ACCOUNT, List.of(KEY)));
    authenticator =
        AuthenticatorChain.standard(
            keys, (account, table, id) -> Optional.empty(), Clock.systemUTC());
    key = keys.keysOf(ACCOUNT).get(0);
  }

  @Setup(Level.Iteration)
  public void signRequest() {
    String date = SharedKeyLiteSigner.httpDate(Instant.now());
    stringToSign = stringToSign(date);
    Map<String, List<String>> headers = new LinkedHashMap<>();
    headers.put("Host", List.of("127.0.0.1:10002"));
    headers.put("x-ms-date", List.of(date));
    headers.put("x-ms-version", List.of(TableConnection.VERSION));
    headers.put("Accept", List.of("application/json;odata=minimalmetadata"));
    headers.put("DataServiceVersion", List.of("3.0;NetFx"));
    headers.put("MaxDataServiceVersion", List.of("3.0;NetFx"));
    headers.put("Authorization", List.of(authorization(date, stringToSign)));
    request = new ServiceRequest("GET", PATH, headers, new byte[0]);
    AuthResult result;
    try {
      result = authenticator.authenticate(request, ACCOUNT);
    } catch (TableException e) {
      throw new IllegalStateException("the benchmark's request does not verify", e);
    }
    if (!result.scheme().headerName().equals(scheme)) {
      throw new IllegalStateException("verified as " + result.scheme() + ", not " + scheme);
    }
  }

  private boolean lite() {
    return scheme.equals(AuthScheme.SHARED_KEY_LITE.headerName());
  }

  /**
   * The Table service's strings to sign: SharedKeyLite signs date and resource; SharedKey signs
   * verb, Content-MD5, Content-Type, date and resource, and a GET has neither body header.
   */
  private String stringToSign(String date) {
    String resource = "/" + ACCOUNT + PATH;
    return lite() ? date + "\n" + resource : "GET\n\n\n" + date + "\n" + resource;
  }

  private String authorization(String date, String stringToSign) {
    if (lite()) {
      return new SharedKeyLiteSigner(ACCOUNT, KEY).authorization(date, PATH);
    }
    return "SharedKey " + ACCOUNT + ":" + hmacBase64(stringToSign);
  }

  /** Signs without the server's {@link AccountKey}, so a bug there cannot vouch for itself. */
  private static String hmacBase64(String text) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(Base64.getDecoder().decode(KEY), "HmacSHA256"));
      return Base64.getEncoder().encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is unavailable", e);
    }
  }

  /** The server's whole check of the Authorization header and date. */
  @Benchmark
  public AuthResult verify() {
    return authenticator.authenticate(request, ACCOUNT);
  }

  /** One HMAC-SHA256 of this request's string to sign, with the server's per-thread Mac. */
  @Benchmark
  public byte[] hmac() {
    return key.sign(stringToSign);
  }
}
