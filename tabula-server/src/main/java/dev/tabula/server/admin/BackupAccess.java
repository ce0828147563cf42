package dev.tabula.server.admin;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Who may take a backup: whoever presents the admin token when one is set; without a token, only a
 * caller of an admin listener bound to loopback (anyone who can reach it runs on the host and could
 * read the data directory anyway). A backup is every table's data, so an admin listener reachable
 * from elsewhere ({@code --admin-host 0.0.0.0}) serves it to no one without a token.
 *
 * @param token the token asked for, or null for none
 * @param loopback whether the admin listener is bound to a loopback address only
 */
record BackupAccess(@Nullable AdminToken token, boolean loopback) {

  /** Null when {@code authorization} (the request's header, or null) may back up, else why not. */
  @Nullable AdminAnswer refusal(@Nullable String authorization) {
    if (token == null) {
      return loopback
          ? null
          : AdminAnswer.text(
              403,
              "forbidden: a backup through an admin listener that is not on loopback needs"
                  + " --admin-token (or TABULA_ADMIN_TOKEN) on the server");
    }
    String presented = bearer(authorization);
    if (presented == null) {
      return AdminAnswer.text(401, "unauthorized: send Authorization: Bearer <admin token>")
          .withHeader("WWW-Authenticate", "Bearer realm=\"tabula-admin\"");
    }
    return token.matches(presented)
        ? null
        : AdminAnswer.text(403, "forbidden: the admin token does not match");
  }

  private static @Nullable String bearer(@Nullable String authorization) {
    if (authorization == null) {
      return null;
    }
    String value = authorization.strip();
    if (value.length() < 7 || !value.substring(0, 7).toLowerCase(Locale.ROOT).equals("bearer ")) {
      return null;
    }
    return value.substring(7).strip();
  }
}
