package dev.tabula.core.properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.engine.AccountSettings;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServicePropertiesServiceTest {
  private final Map<String, byte[]> stored = new HashMap<>();
  private final AccountSettings settings =
      new AccountSettings() {
        @Override
        public Optional<byte[]> read(String account, String name) {
          return Optional.ofNullable(stored.get(account + "/" + name));
        }

        @Override
        public void write(String account, String name, byte[] value) {
          stored.put(account + "/" + name, value.clone());
        }
      };
  private final ServicePropertiesService service = new ServicePropertiesService(settings);

  private static final CorsRule RULE =
      new CorsRule("http://a.example,http://b.example", "GET,PUT", "x-ms-meta-*", "", 60);
  private static final ServiceProperties FULL =
      new ServiceProperties(
          new AnalyticsLogging("1.0", true, false, true, new RetentionPolicy(true, 7)),
          new AnalyticsMetrics("1.0", true, false, new RetentionPolicy(true, 365)),
          new AnalyticsMetrics("2.0", false, null, RetentionPolicy.DISABLED),
          List.of(RULE, new CorsRule("*", "DELETE", "", "x-ms-*", 0)));

  private static ServicePropertiesUpdate all(ServiceProperties p) {
    return new ServicePropertiesUpdate(p.logging(), p.hourMetrics(), p.minuteMetrics(), p.cors());
  }

  private static ServicePropertiesUpdate cors(List<CorsRule> rules) {
    return new ServicePropertiesUpdate(null, null, null, rules);
  }

  private static void assertRefused(TableErrorCode code, Runnable call) {
    assertThatThrownBy(call::run)
        .isInstanceOf(TableException.class)
        .extracting(e -> ((TableException) e).code())
        .isEqualTo(code);
  }

  @Test
  void get_beforeAnySet_isTheDefaults() {
    assertThat(service.get("a")).isEqualTo(ServiceProperties.DEFAULTS);
  }

  @Test
  void set_isStoredVersioned_andReadBackByAFreshService() {
    service.set("a", all(FULL));

    assertThat(stored.get("a/" + ServicePropertiesService.SETTING)[0])
        .isEqualTo((byte) ServicePropertiesCodec.FORMAT);
    assertThat(new ServicePropertiesService(settings).get("a")).isEqualTo(FULL);
    assertThat(service.get("b")).isEqualTo(ServiceProperties.DEFAULTS);
  }

  @Test
  void set_keepsTheRootElementsTheUpdateLeavesOut() {
    service.set("a", all(FULL));

    service.set("a", cors(List.of()));

    assertThat(service.get("a"))
        .isEqualTo(
            new ServiceProperties(
                FULL.logging(), FULL.hourMetrics(), FULL.minuteMetrics(), List.of()));
  }

  @Test
  void decode_ofAnUnknownFormat_failsLoudly() {
    assertThatThrownBy(() -> ServicePropertiesCodec.decode(new byte[] {9}))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void set_refusesWhatBreaksALimit_andKeepsThePreviousValue() {
    service.set("a", all(FULL));

    assertRefused(
        TableErrorCode.INVALID_XML_DOCUMENT,
        () -> service.set("a", cors(Collections.nCopies(6, RULE))));
    assertRefused(
        TableErrorCode.INVALID_XML_NODE_VALUE,
        () -> service.set("a", cors(List.of(new CorsRule("*", "GET,CONNECT", "", "", 1)))));
    assertRefused(
        TableErrorCode.INVALID_XML_DOCUMENT,
        () -> service.set("a", cors(List.of(new CorsRule("*", "GET", "a*,b*,c*", "", 1)))));
    assertRefused(
        TableErrorCode.INVALID_XML_DOCUMENT,
        () -> service.set("a", cors(List.of(new CorsRule("x".repeat(257), "GET", "", "", 1)))));
    assertRefused(
        TableErrorCode.INVALID_XML_NODE_VALUE,
        () ->
            service.set(
                "a",
                new ServicePropertiesUpdate(
                    null,
                    new AnalyticsMetrics("1.0", true, true, new RetentionPolicy(true, 366)),
                    null,
                    null)));
    assertRefused(
        TableErrorCode.INVALID_XML_DOCUMENT,
        () ->
            service.set(
                "a",
                cors(
                    List.of(
                        new CorsRule("*", "GET", "h".repeat(250), "e".repeat(250), 1),
                        new CorsRule("*", "GET", "h".repeat(250), "e".repeat(250), 1),
                        new CorsRule("*", "GET", "h".repeat(250), "e".repeat(250), 1),
                        new CorsRule("*", "GET", "h".repeat(250), "e".repeat(250), 1),
                        new CorsRule("*", "GET", "h".repeat(250), "e".repeat(250), 1)))));

    assertThat(service.get("a")).isEqualTo(FULL);
  }

  @Test
  void corsRule_matchesOriginsExactly_methodsAndHeadersIgnoringCase() {
    assertThat(RULE.allowsOrigin("http://b.example")).isTrue();
    assertThat(RULE.allowsOrigin("http://B.example")).isFalse();
    assertThat(RULE.allowsOrigin(null)).isFalse();
    assertThat(RULE.allowsMethod("put")).isTrue();
    assertThat(RULE.allowsMethod("DELETE")).isFalse();
    assertThat(RULE.allowsHeaders(List.of("X-MS-META-abc", "x-ms-meta-"))).isTrue();
    assertThat(RULE.allowsHeaders(List.of("x-ms-meta-abc", "x-ms-date"))).isFalse();
    assertThat(RULE.allowsHeaders(List.of())).isTrue();
    assertThat(new CorsRule("*", "GET", "*", "", 0).allowsHeaders(List.of("anything"))).isTrue();
  }
}
