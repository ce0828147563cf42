package dev.tabula.protocol.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Percent-decoding of URL components, with or without anything escaped. */
class DecodeProperties {
  @Property(tries = 2000)
  void decode_isUrlDecoding_withThePlusKept(@ForAll("components") String component) {
    assertThat(outcome(() -> ServiceRequest.decode(component)))
        .isEqualTo(outcome(() ->
            URLDecoder.decode(component.replace("+", "%2B"), StandardCharsets.UTF_8)));
  }

  @Example
  void decode_keepsPlusesAndReadsEscapes() {
    assertThat(ServiceRequest.decode("a+b")).isEqualTo("a+b");
    assertThat(ServiceRequest.decode("a%2Bb+c%20d")).isEqualTo("a+b+c d");
    assertThat(ServiceRequest.decode("%C3%A9t%C3%A9")).isEqualTo("\u00e9t\u00e9");
  }

  /** The decoded text, or the kind of failure. */
  private static String outcome(java.util.function.Supplier<String> decoding) {
    try {
      return "ok:" + decoding.get();
    } catch (IllegalArgumentException e) {
      return "refused";
    }
  }

  /** Text with pluses, escapes (good and broken) and characters outside ASCII. */
  @Provide
  Arbitrary<String> components() {
    Arbitrary<String> piece = Arbitraries.oneOf(
        Arbitraries.of("a", "Z", "+", " ", "'", "(", ")", "\u00e9", "%", "%2", "%2B", "%20",
            "%27", "%C3%A9", "%zz", "%e9"));
    return piece.list().ofMaxSize(8).map(pieces -> String.join("", pieces));
  }
}
