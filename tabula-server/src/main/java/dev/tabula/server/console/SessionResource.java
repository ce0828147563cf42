package dev.tabula.server.console;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.protocol.http.ServiceRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * {@code GET /console/api/session}: what the page needs to start, {@code {"version":"0.1.0",
 * "engine":"rocksdb","accounts":["devstoreaccount1",...],"access":"open"}}: the accounts the
 * console may act as (names only, never a key), and whether the console is open to local users
 * ({@code open}) or was signed in to ({@code signed-in}).
 */
final class SessionResource implements ConsoleResource {
  private static final JsonFactory JSON = new JsonFactory();

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
      return ConsoleAnswer.text(405, "method not allowed: use GET").with("Allow", "GET");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator json = JSON.createGenerator(out)) {
      json.writeStartObject();
      json.writeStringField("version", version);
      json.writeStringField("engine", engine);
      json.writeArrayFieldStart("accounts");
      for (String name : accounts.names()) {
        json.writeString(name);
      }
      json.writeEndArray();
      json.writeStringField("access", open ? "open" : "signed-in");
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return ConsoleAnswer.json(200, out.toByteArray());
  }
}
