package dev.tabula.server.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The console's static files, read from the jar: the page's own files under {@code /console/} and
 * the two front-end libraries under {@code /console/vendor/preact/} and {@code
 * /console/vendor/uplot/}, from their webjars at the versions the pom pins ({@code
 * vendor.properties}, filtered by Maven). A path that climbs ({@code ..}, escaped or not), holds a
 * backslash, an empty segment or a character outside a file name's is not found: only files under
 * those folders can ever be served. Thread-safe; a file once read is kept (the set is fixed, so the
 * memory is bounded), and {@link #cached} answers from those alone.
 */
final class ConsoleAssets {
  private static final String OWN = "/dev/tabula/server/console/web/";
  private static final Map<String, String> TYPES =
      Map.of(
          "html", "text/html; charset=utf-8",
          "js", "text/javascript; charset=utf-8",
          "mjs", "text/javascript; charset=utf-8",
          "css", "text/css; charset=utf-8",
          "svg", "image/svg+xml",
          "png", "image/png",
          "json", "application/json; charset=utf-8");

  private final String preactRoot;
  private final String uplotRoot;
  private final Map<String, Asset> cache = new ConcurrentHashMap<>();
  private final Function<String, @Nullable InputStream> jar;

  /** A file to serve: its type and bytes. */
  record Asset(String contentType, byte[] bytes) {}

  ConsoleAssets() {
    this(ConsoleAssets.class::getResourceAsStream);
  }

  /**
   * @param jar opens a resource of the jar by its absolute name, or answers null when there is none
   */
  ConsoleAssets(Function<String, @Nullable InputStream> jar) {
    this.jar = jar;
    Properties versions = properties("/dev/tabula/server/console/vendor.properties");
    this.preactRoot = "/META-INF/resources/webjars/preact/" + versions.getProperty("preact") + "/";
    this.uplotRoot = "/META-INF/resources/webjars/uplot/" + versions.getProperty("uplot") + "/";
  }

  /** The page itself, {@code index.html}. */
  Asset index() {
    return find("/console/").orElseThrow(() -> new IllegalStateException("index.html missing"));
  }

  /**
   * The file at {@code path} (the request's path, still escaped, starting {@code /console/}), or
   * empty when there is none or the path is not one a file of the console can have.
   */
  Optional<Asset> find(String path) {
    String resource = resourceOf(path);
    if (resource == null) {
      return Optional.empty();
    }
    Asset known = cache.get(resource);
    if (known != null) {
      return Optional.of(known);
    }
    Optional<Asset> read = read(resource);
    read.ifPresent(asset -> cache.put(resource, asset));
    return read;
  }

  /**
   * The file at {@code path} if it was read already: from memory, never from the jar (so an event
   * loop may ask); empty also when it was not read yet.
   */
  Optional<Asset> cached(String path) {
    String resource = resourceOf(path);
    return resource == null ? Optional.empty() : Optional.ofNullable(cache.get(resource));
  }

  private @Nullable String resourceOf(String path) {
    if (path.equals("/console/")) {
      return OWN + "index.html";
    }
    if (!path.startsWith("/console/") || !safe(path)) {
      return null;
    }
    String rest = path.substring("/console/".length());
    if (rest.startsWith("vendor/preact/")) {
      return preactRoot + rest.substring("vendor/preact/".length());
    }
    if (rest.startsWith("vendor/uplot/")) {
      return uplotRoot + rest.substring("vendor/uplot/".length());
    }
    return rest.startsWith("vendor/") || rest.startsWith("api/") ? null : OWN + rest;
  }

  /**
   * Whether every segment is a plain file name: letters, digits, {@code - _ .}, not starting with a
   * dot (so neither {@code ..} nor a hidden file), and no escapes at all ({@code %2e%2e} never
   * reaches the class loader).
   */
  static boolean safe(String path) {
    String[] segments = path.substring(1).split("/", -1);
    for (int i = 0; i < segments.length; i++) {
      String segment = segments[i];
      boolean last = i == segments.length - 1;
      if (segment.isEmpty() ? !last : !plainName(segment)) {
        return false;
      }
    }
    return !path.endsWith("/") || path.equals("/console/");
  }

  private static boolean plainName(String segment) {
    if (segment.charAt(0) == '.') {
      return false;
    }
    for (int i = 0; i < segment.length(); i++) {
      char c = segment.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '-'
              || c == '_'
              || c == '.';
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  private Optional<Asset> read(String resource) {
    String type = TYPES.get(extension(resource));
    if (type == null) {
      return Optional.empty(); // the webjars hold READMEs, type definitions: not served
    }
    try (InputStream in = jar.apply(resource)) {
      return in == null ? Optional.empty() : Optional.of(new Asset(type, in.readAllBytes()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource + " from the jar", e);
    }
  }

  private static String extension(String resource) {
    int dot = resource.lastIndexOf('.');
    return dot < 0 ? "" : resource.substring(dot + 1).toLowerCase(Locale.ROOT);
  }

  private static Properties properties(String resource) {
    try (InputStream in = ConsoleAssets.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("The build left out " + resource);
      }
      Properties properties = new Properties();
      properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
      return properties;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
