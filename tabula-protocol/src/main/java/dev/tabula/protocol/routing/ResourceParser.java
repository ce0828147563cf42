package dev.tabula.protocol.routing;

import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.extension.Extension;
import dev.tabula.protocol.extension.RequestedExtensions;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Turns a request's path and Host into a {@link Resource}. Both URL styles work: path-style ({@code
 * /devstoreaccount1/Tables}, the emulator's) when the first path segment is a known account, and
 * host-style ({@code account.table.example.com/Tables}) when the Host's first label is.
 *
 * <p>Either may name the account's read-only secondary endpoint instead, {@code
 * {account}-secondary} (the service's read-access geo-redundant address, and the emulator's {@code
 * http://127.0.0.1:10002/devstoreaccount1-secondary}): the resource is the account's own, marked
 * {@link Resource#secondary()}. Python azure-data-tables 12.4.2 swaps its secondary host into a
 * path-style URL and keeps the account segment after it ({@code
 * /devstoreaccount1-secondary/devstoreaccount1/?restype=service&comp=stats}); that repeated segment
 * is skipped.
 */
public final class ResourceParser {
  private static final String SECONDARY_SUFFIX = "-secondary";

  /** The {@code comp} value of Tabula's table-settings extension. */
  public static final String SETTINGS_COMP = "tabula-settings";

  /** The {@code comp} value of Tabula's change-feed extension. */
  public static final String CHANGES_COMP = "tabula-changes";

  private final Predicate<String> accounts;

  public ResourceParser(Set<String> accounts) {
    this(Set.copyOf(accounts)::contains);
  }

  /**
   * A parser of the accounts {@code served} says are known, asked at each request, so that the
   * accounts served may change while the server runs.
   */
  public ResourceParser(Predicate<String> served) {
    this.accounts = served;
  }

  /**
   * Parses the request's target; 400 InvalidUri when it names no account or no resource. A table
   * URL with {@code comp=acl} names the table's access policies, as in the service; with {@code
   * comp=tabula-settings}, from a request that asked for the {@code settings} extension, its
   * extension settings.
   */
  public Resource parse(ServiceRequest request, String scheme) {
    return parse(request, scheme, null);
  }

  /**
   * The same, for an operation inside a {@code $batch} sent to a path-style endpoint: a path that
   * names no account ({@code PUT /table(...)}, as Microsoft's legacy Python library writes its
   * operations, the account prefix being added to the batch's own URL only) is read against {@code
   * batchAccount}, path-style.
   *
   * @param batchAccount the account of a path-style batch, or null
   */
  public Resource parse(ServiceRequest request, String scheme, String batchAccount) {
    // Read first so that an unknown extension name is refused on every request (400).
    RequestedExtensions extensions = RequestedExtensions.of(request);
    Resource resource = target(request, scheme, batchAccount, extensions.has(Extension.COUNT));
    if (resource.kind() != ResourceKind.TABLE) {
      return resource;
    }
    String comp = request.queryParameter("comp");
    if ("acl".equals(comp)) {
      return as(resource, ResourceKind.TABLE_ACL);
    }
    if (SETTINGS_COMP.equals(comp) && extensions.has(Extension.SETTINGS)) {
      return as(resource, ResourceKind.TABLE_SETTINGS);
    }
    if (CHANGES_COMP.equals(comp) && extensions.has(Extension.CHANGE_FEED)) {
      return as(resource, ResourceKind.TABLE_CHANGES);
    }
    return resource;
  }

  /** The table {@code resource} names, as a resource of another kind. */
  private static Resource as(Resource resource, ResourceKind kind) {
    Resource other =
        new Resource(resource.account(), kind, resource.table(), null, resource.serviceRoot());
    return resource.secondary() ? other.onSecondary() : other;
  }

  /**
   * The account a request addresses, path-style or host-style, whatever the rest of its path says:
   * preflight requests may name any path, and CORS headers go on every answer, even one to a
   * malformed URL. Empty when the request names no known account.
   */
  public Optional<String> account(ServiceRequest request) {
    String path =
        request.rawPath().startsWith("/") ? request.rawPath().substring(1) : request.rawPath();
    int slash = path.indexOf('/');
    String first = slash < 0 ? path : path.substring(0, slash);
    String account = accountNamed(first);
    if (account != null) {
      return Optional.of(account);
    }
    String host = request.header("Host") == null ? "" : request.header("Host");
    String hostAccount = host.contains(".") ? host.substring(0, host.indexOf('.')) : host;
    return Optional.ofNullable(accountNamed(hostAccount));
  }

  /** The account a name addresses: a known account itself or its secondary; null otherwise. */
  private String accountNamed(String name) {
    if (accounts.test(name)) {
      return name;
    }
    if (name.endsWith(SECONDARY_SUFFIX)) {
      String primary = name.substring(0, name.length() - SECONDARY_SUFFIX.length());
      return accounts.test(primary) ? primary : null;
    }
    return null;
  }

  private Resource target(
      ServiceRequest request, String scheme, String batchAccount, boolean count) {
    String path = request.rawPath();
    String host = request.header("Host") == null ? "localhost" : request.header("Host");
    String trimmed = path.startsWith("/") ? path.substring(1) : path;
    int slash = trimmed.indexOf('/');
    String first = slash < 0 ? trimmed : trimmed.substring(0, slash);
    String account = accountNamed(first);
    if (account != null) {
      String rest = slash < 0 ? "" : trimmed.substring(slash + 1);
      if (account.equals(first)) {
        return resource(account, rest, scheme + "://" + host + "/" + first, count);
      }
      // Python's secondary form repeats the account after the secondary segment.
      String own = rest.startsWith(account + "/") ? rest.substring(account.length() + 1) : rest;
      return resource(account, own, scheme + "://" + host + "/" + first, count).onSecondary();
    }
    String hostLabel = host.contains(".") ? host.substring(0, host.indexOf('.')) : host;
    account = accountNamed(hostLabel);
    if (account != null) {
      Resource resource = resource(account, trimmed, scheme + "://" + host, count);
      return account.equals(hostLabel) ? resource : resource.onSecondary();
    }
    if (batchAccount != null) {
      return resource(batchAccount, trimmed, scheme + "://" + host + "/" + batchAccount, count);
    }
    throw TableErrorCode.INVALID_URI.exception();
  }

  private static Resource resource(
      String account, String pathRest, String serviceRoot, boolean count) {
    String rawRest = withoutTrailingSlash(pathRest);
    if (rawRest.isEmpty()) {
      return new Resource(account, ResourceKind.SERVICE, null, null, serviceRoot);
    }
    if (count && rawRest.contains("/")) {
      return countResource(account, rawRest, serviceRoot);
    }
    if (rawRest.contains("/")) {
      throw TableErrorCode.INVALID_URI.exception();
    }
    String rest = ServiceRequest.decode(rawRest);
    if (rest.equals("$batch")) {
      return new Resource(account, ResourceKind.BATCH, null, null, serviceRoot);
    }
    int paren = rest.indexOf('(');
    String name = paren < 0 ? rest : rest.substring(0, paren);
    String args = paren < 0 ? null : rest.substring(paren);
    if (name.toLowerCase(Locale.ROOT).equals("tables")) {
      return tablesResource(account, args, serviceRoot);
    }
    if (args == null || args.equals("()")) {
      return new Resource(account, ResourceKind.TABLE, name, null, serviceRoot);
    }
    EntityKey key = EntityKeyPredicate.parse(args);
    return new Resource(account, ResourceKind.ENTITY, name, key, serviceRoot);
  }

  /**
   * {@code table/$count} or {@code table()/$count} of a request that asked for the {@code count}
   * extension: the number of the table's matching entities. Any other path with a slash is 400
   * InvalidUri, as without the extension.
   */
  private static Resource countResource(String account, String rawRest, String serviceRoot) {
    int slash = rawRest.indexOf('/');
    String table = ServiceRequest.decode(rawRest.substring(0, slash));
    String tail = ServiceRequest.decode(rawRest.substring(slash + 1));
    if (table.endsWith("()")) {
      table = table.substring(0, table.length() - 2);
    }
    if (!tail.equals("$count")
        || table.isEmpty()
        || table.contains("(")
        || table.equals("$batch")
        || table.equalsIgnoreCase("tables")) {
      throw TableErrorCode.INVALID_URI.exception();
    }
    return new Resource(account, ResourceKind.TABLE_COUNT, table, null, serviceRoot);
  }

  /**
   * The path without one trailing slash: {@code /account/Tables/} addresses what {@code
   * /account/Tables} does, as do a table's, an entity's and the batch's paths with a slash after
   * them (issue 17, item 15; no record of the service's answer was found, so every resource takes
   * it, as the OData URL conventions of the service's original data-services stack do).
   */
  private static String withoutTrailingSlash(String rest) {
    return rest.length() > 1 && rest.endsWith("/") ? rest.substring(0, rest.length() - 1) : rest;
  }

  private static Resource tablesResource(String account, String args, String serviceRoot) {
    if (args == null || args.equals("()")) {
      return new Resource(account, ResourceKind.TABLES, null, null, serviceRoot);
    }
    if (args.length() < 4 || !args.startsWith("('") || !args.endsWith("')")) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    String table = EntityKeyPredicate.unquote(args.substring(1, args.length() - 1));
    return new Resource(account, ResourceKind.TABLE_BY_NAME, table, null, serviceRoot);
  }
}
