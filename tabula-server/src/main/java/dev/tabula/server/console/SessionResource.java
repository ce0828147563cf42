package dev.tabula.server.console;

import dev.tabula.protocol.http.ServiceRequest;

/**
 * {@code GET /console/api/session}: what the page needs to start, {@code {"version":"0.1.0",
 * "engine":"rocksdb","accounts":["devstoreaccount1",...],"access":"open"}}: the accounts the
 * console may act as (names only, never a key), and whether the console is open to local users
 * ({@code open}) or was signed in to ({@code signed-in}).
 */
final class SessionResource implements ConsoleResource {
  private final String version;
  private final String engine;
  private final ConsoleAccounts accounts;
  private final boolean open;

  /**
   * @param open whether the console is open to local users (else it was signed in to)
   */
  SessionResource(String version, String engine, ConsoleAccounts accounts, boolean open) {
    this.version = version;
    this.engine = engine;
    this.accounts = accounts;
    this.open = open;
  }

  @Override
  public ConsoleAnswer answer(ServiceRequest request) {
    if (!request.method().equals("GET")) {
      return ConsoleAnswer.methodNotAllowed("GET");
    }
    return ConsoleAnswer.json(
        200,
        ConsoleJson.object(
            json -> {
              json.writeStringField("version", version);
              json.writeStringField("engine", engine);
              json.writeArrayFieldStart("accounts");
              for (String name : accounts.names()) {
                json.writeString(name);
              }
              json.writeEndArray();
              json.writeStringField("access", open ? "open" : "signed-in");
            }));
  }
}
