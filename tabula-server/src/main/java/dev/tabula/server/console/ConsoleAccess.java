package dev.tabula.server.console;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tabula.server.admin.AdminToken;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Who may use the console. On an admin listener bound to loopback, anyone who reaches it (a user of
 * this host, as with Azurite). Otherwise the console asks for the admin token ({@code
 * --admin-token}) once, through {@code POST /console/api/signin}, and keeps a random session in a
 * cookie ({@value #COOKIE}: HttpOnly, SameSite=Strict, Path=/console) for {@link #LIFETIME}; with
 * no token configured there, the console is off (404 with the reason). Sessions live in memory, at
 * most {@value #MAX_SESSIONS} (the oldest is dropped first), and end with the process. Thread-safe.
 */
final class ConsoleAccess {
  static final String COOKIE = "tabula_console";
  static final Duration LIFETIME = Duration.ofHours(12);
  static final int MAX_SESSIONS = 256;
  private static final JsonFactory JSON = new JsonFactory();

  private final boolean loopback;
  private final @Nullable AdminToken token;
  private final Clock clock;
  private final SecureRandom random = new SecureRandom();
  private final Map<String, Long> sessions = new ConcurrentHashMap<>();

  ConsoleAccess(boolean loopback, @Nullable AdminToken token, Clock clock) {
    this.loopback = loopback;
    this.token = token;
    this.clock = clock;
  }

  /** Whether the console is off: not on loopback, and no token to ask for. */
  boolean off() {
    return !loopback && token == null;
  }

  /** Whether a request needs no sign-in. */
  boolean open() {
    return loopback;
  }

  /** Whether a request with this {@code Cookie} header may use the API. */
  boolean allows(@Nullable String cookieHeader) {
    if (open()) {
      return true;
    }
    String id = sessionId(cookieHeader);
    if (id == null) {
      return false;
    }
    Long expires = sessions.get(id);
    if (expires == null || expires < clock.millis()) {
      sessions.remove(id);
      return false;
    }
    return true;
  }

  /** The answer to {@code POST /console/api/signin} with {@code body} ({"token":"..."}). */
  ConsoleAnswer signIn(String method, byte[] body) {
    if (!method.equals("POST")) {
      return ConsoleAnswer.methodNotAllowed("POST");
    }
    if (token == null) {
      return ConsoleAnswer.text(404, "no sign-in: this console is open to local users");
    }
    String presented = tokenOf(body);
    if (presented == null || !token.matches(presented)) {
      return ConsoleAnswer.text(403, "forbidden: that is not the admin token");
    }
    String id = newSession();
    return ConsoleAnswer.of(204, ConsoleAnswer.TEXT, new byte[0])
        .with(
            "Set-Cookie",
            COOKIE
                + "="
                + id
                + "; Path=/console; HttpOnly; SameSite=Strict; Max-Age="
                + LIFETIME.toSeconds());
  }

  /** The answer to {@code POST /console/api/signout}: the session ends, the cookie is cleared. */
  ConsoleAnswer signOut(@Nullable String cookieHeader) {
    String id = sessionId(cookieHeader);
    if (id != null) {
      sessions.remove(id);
    }
    return ConsoleAnswer.of(204, ConsoleAnswer.TEXT, new byte[0])
        .with("Set-Cookie", COOKIE + "=; Path=/console; HttpOnly; SameSite=Strict; Max-Age=0");
  }

  private String newSession() {
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    long now = clock.millis();
    sessions.values().removeIf(expires -> expires < now);
    while (sessions.size() >= MAX_SESSIONS) {
      sessions.entrySet().stream()
          .min(Comparator.comparingLong(Map.Entry::getValue))
          .ifPresent(oldest -> sessions.remove(oldest.getKey()));
    }
    sessions.put(id, now + LIFETIME.toMillis());
    return id;
  }

  private static @Nullable String sessionId(@Nullable String cookieHeader) {
    if (cookieHeader == null) {
      return null;
    }
    for (String pair : cookieHeader.split(";")) {
      String trimmed = pair.trim();
      if (trimmed.startsWith(COOKIE + "=")) {
        return trimmed.substring(COOKIE.length() + 1);
      }
    }
    return null;
  }

  /** The "token" member of a JSON object, or null when the body is not one. */
  private static @Nullable String tokenOf(byte[] body) {
    try (JsonParser parser = JSON.createParser(body)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        JsonToken value = parser.nextToken();
        if ("token".equals(name) && value == JsonToken.VALUE_STRING) {
          return parser.getText();
        }
        parser.skipChildren();
      }
      return null;
    } catch (IOException e) {
      return null;
    }
  }
}
