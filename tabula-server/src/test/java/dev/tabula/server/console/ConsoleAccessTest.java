package dev.tabula.server.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.server.admin.AdminToken;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sessions of a console off loopback, with a clock the test moves: a session ends after its
 * lifetime, and the oldest goes first when too many are open. Broken once each (the expiry check
 * and the eviction removed): sessionEnds_afterItsLifetime and oldestSession_goesFirst went red.
 */
class ConsoleAccessTest {
  private static final String TOKEN = "a-console-admin-token-123";

  /** A clock that stands still until moved. */
  private static final class MovableClock extends Clock {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration by) {
      now = now.plus(by);
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  private static String signIn(ConsoleAccess access) {
    ConsoleAnswer answer =
        access.signIn("POST", ("{\"token\":\"" + TOKEN + "\"}").getBytes(StandardCharsets.UTF_8));
    assertThat(answer.status()).isEqualTo(204);
    String cookie = answer.headers().get("Set-Cookie");
    return cookie.substring(0, cookie.indexOf(';'));
  }

  @Test
  void loopback_isOpen_andNeedsNoToken() {
    ConsoleAccess access = new ConsoleAccess(true, null, Clock.systemUTC());
    assertThat(access.off()).isFalse();
    assertThat(access.allows(null)).isTrue();
  }

  @Test
  void offLoopbackWithoutToken_isOff() {
    assertThat(new ConsoleAccess(false, null, Clock.systemUTC()).off()).isTrue();
  }

  @Test
  void sessionEnds_afterItsLifetime() {
    MovableClock clock = new MovableClock();
    ConsoleAccess access = new ConsoleAccess(false, AdminToken.of(TOKEN), clock);
    String cookie = signIn(access);
    assertThat(access.allows("other=1; " + cookie)).isTrue();
    clock.advance(ConsoleAccess.LIFETIME.minusSeconds(1));
    assertThat(access.allows(cookie)).isTrue();
    clock.advance(Duration.ofSeconds(2));
    assertThat(access.allows(cookie)).isFalse();
  }

  @Test
  void oldestSession_goesFirst() {
    MovableClock clock = new MovableClock();
    ConsoleAccess access = new ConsoleAccess(false, AdminToken.of(TOKEN), clock);
    List<String> cookies = new ArrayList<>();
    for (int i = 0; i <= ConsoleAccess.MAX_SESSIONS; i++) {
      cookies.add(signIn(access));
      clock.advance(Duration.ofMillis(1));
    }
    assertThat(access.allows(cookies.get(0))).isFalse();
    assertThat(access.allows(cookies.get(1))).isTrue();
    assertThat(access.allows(cookies.get(ConsoleAccess.MAX_SESSIONS))).isTrue();
  }

  @Test
  void badBodies_andOtherMethods_areRefused() {
    ConsoleAccess access = new ConsoleAccess(false, AdminToken.of(TOKEN), Clock.systemUTC());
    for (String body : List.of("", "[]", "{\"token\":1}", "{\"token\":\"" + TOKEN + "x\"}", "{")) {
      assertThat(access.signIn("POST", body.getBytes(StandardCharsets.UTF_8)).status())
          .as(body)
          .isEqualTo(403);
    }
    assertThat(access.signIn("GET", new byte[0]).status()).isEqualTo(405);
  }
}
