package dev.tabula.tools.cli;

import dev.tabula.tools.client.ConnectionString;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * {@code --connection-string}, shared by the commands that talk to one endpoint. Without it, the
 * {@code AZURE_STORAGE_CONNECTION_STRING} variable (the Azure CLI's), then the development account
 * on {@code 127.0.0.1:10002} (what {@code tabula serve} and Azurite serve by default).
 */
public final class ConnectionOptions {
  static final String ENVIRONMENT = "AZURE_STORAGE_CONNECTION_STRING";

  @Option(
      names = {"-c", "--connection-string"},
      paramLabel = "CONNECTION_STRING",
      description =
          "The endpoint and its credentials, as Azure gives them (AccountName=...;AccountKey=...;"
              + "TableEndpoint=... or UseDevelopmentStorage=true). Default: $"
              + ENVIRONMENT
              + ", else the development account on http://127.0.0.1:10002.")
  @Nullable String connectionString;

  /**
   * The connection string in force.
   *
   * @throws ToolError when it cannot be read
   */
  public ConnectionString resolve() {
    return parse(connectionString, "--connection-string");
  }

  /** Parses a connection string given by {@code option}, or the default when it is null. */
  static ConnectionString parse(@Nullable String given, String option) {
    String text = given;
    String source = option;
    if (text == null) {
      text = System.getenv(ENVIRONMENT);
      source = "$" + ENVIRONMENT;
    }
    if (text == null) {
      text = "UseDevelopmentStorage=true";
    }
    try {
      return ConnectionString.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ToolError(source + ": " + e.getMessage());
    }
  }
}
