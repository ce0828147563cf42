package dev.tabula.protocol.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.TableException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A request's header lines found by any case of their names, as a case-insensitive map would find
 * them; percent-decoding of URL components, with or without anything escaped.
 */
class ServiceRequestProperties {
  /**
   * Names of one length apart from their first letter, and first characters that ASCII case folding
   * would confuse ({@code @} and {@code `}) or that fold outside ASCII (the Kelvin sign is a K
   * ignoring case).
   */
  private static final List<String> NAMES =
      List.of(
          "Accept",
          "x-ms-date",
          "X-MS-Version",
          "If-Match",
          "Prefer",
          "x-ms-datex",
          "Date",
          "Origin",
          "@x",
          "`x",
          "[y",
          "{y",
          "Key",
          "\u212Aey");

  @Property(tries = 1000)
  void headers_areFoundByAnyCase_asACaseInsensitiveMapFindsThem(
      @ForAll("headerLines") List<Map.Entry<String, String>> lines, @ForAll("names") String asked) {
    TreeMap<String, List<String>> expected = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    lines.forEach(
        line ->
            expected.computeIfAbsent(line.getKey(), x -> new ArrayList<>()).add(line.getValue()));

    ServiceRequest request =
        ServiceRequest.fromHeaderLines("GET", "/acct/Tables", lines, new byte[0], null);

    List<String> values = expected.getOrDefault(asked, List.of());
    assertThat(request.headers(asked)).isEqualTo(values);
    assertThat(request.header(asked)).isEqualTo(values.isEmpty() ? null : values.get(0));
    assertThat(request.headers()).isEqualTo(expected);
    assertThat(new ServiceRequest("GET", "/acct/Tables", request.headers(), new byte[0]).headers())
        .isEqualTo(expected);
  }

  /**
   * Path decoding is URL decoding with the plus kept, except that escapes which are not UTF-8 are
   * refused rather than read as U+FFFD (the JDK's decoder replaces them).
   */
  @Property(tries = 2000)
  void decode_isUrlDecoding_withThePlusKept(@ForAll("components") String component) {
    String expected =
        outcome(() -> URLDecoder.decode(component.replace("+", "%2B"), StandardCharsets.UTF_8));
    assertThat(outcome(() -> ServiceRequest.decode(component)))
        .isEqualTo(expected.contains("\uFFFD") ? "refused" : expected);
  }

  /** A query string reads a plus as a space, and its parameters as the path reads escapes. */
  @Property(tries = 2000)
  void queryValues_areUrlDecoding_withThePlusASpace(@ForAll("components") String component) {
    String expected = outcome(() -> URLDecoder.decode(component, StandardCharsets.UTF_8));
    // The JDK's decoder reads "%+a" as a signed hex number (a line feed); that is no escape.
    boolean malformed =
        expected.equals("refused") || expected.contains("\uFFFD") || component.contains("%+");
    ServiceRequest request =
        new ServiceRequest(
            "GET", "/a/t()?x=" + component.replace("&", "%26"), Map.of(), new byte[0]);

    assertThat(
            outcome(
                () -> {
                  request.requireWellFormedQuery();
                  return request.queryParameter("x");
                }))
        .isEqualTo(malformed ? "refused" : expected);
  }

  @Example
  void decode_keepsPlusesAndReadsEscapes() {
    assertThat(ServiceRequest.decode("a+b")).isEqualTo("a+b");
    assertThat(ServiceRequest.decode("a%2Bb+c%20d")).isEqualTo("a+b+c d");
    assertThat(ServiceRequest.decode("%C3%A9t%C3%A9")).isEqualTo("\u00e9t\u00e9");
  }

  @Example
  void query_readsPlusAsSpace_andNotesRepeatedNames() {
    ServiceRequest request =
        new ServiceRequest(
            "GET",
            "/a/t()?$filter=PartitionKey+eq+%27p%2B%27&sig=one&sig=two",
            Map.of(),
            new byte[0]);

    assertThat(request.queryParameter("$filter")).isEqualTo("PartitionKey eq 'p+'");
    assertThat(request.queryParameter("sig")).isEqualTo("one");
    assertThat(request.repeatsQueryParameter("sig")).isTrue();
    assertThat(request.repeatsQueryParameter("$filter")).isFalse();
  }

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.of(NAMES).flatMap(ServiceRequestProperties::anyCase);
  }

  /** Up to a dozen lines, names repeating in any case, values distinct. */
  @Provide
  Arbitrary<List<Map.Entry<String, String>>> headerLines() {
    return names()
        .list()
        .ofMaxSize(12)
        .map(
            names -> {
              List<Map.Entry<String, String>> lines = new ArrayList<>();
              for (int i = 0; i < names.size(); i++) {
                lines.add(Map.entry(names.get(i), "value " + i));
              }
              return lines;
            });
  }

  private static Arbitrary<String> anyCase(String name) {
    return Arbitraries.integers()
        .between(0, 2)
        .map(
            how ->
                switch (how) {
                  case 0 -> name;
                  case 1 -> name.toUpperCase(Locale.ROOT);
                  default -> name.toLowerCase(Locale.ROOT);
                });
  }

  /** The decoded text, or the kind of failure. */
  private static String outcome(Supplier<String> decoding) {
    try {
      return "ok:" + decoding.get();
    } catch (IllegalArgumentException | TableException e) {
      return "refused";
    }
  }

  /** Text with pluses, escapes (good and broken) and characters outside ASCII. */
  @Provide
  Arbitrary<String> components() {
    Arbitrary<String> piece =
        Arbitraries.oneOf(
            Arbitraries.of(
                "a", "Z", "+", " ", "'", "(", ")", "\u00e9", "%", "%2", "%2B", "%20", "%27",
                "%C3%A9", "%zz", "%e9"));
    return piece.list().ofMaxSize(8).map(pieces -> String.join("", pieces));
  }
}
