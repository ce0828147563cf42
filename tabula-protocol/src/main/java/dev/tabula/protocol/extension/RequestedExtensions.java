package dev.tabula.protocol.extension;

import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/**
 * The extensions a request asked for with {@code x-tabula-extensions: name[,name...]} (names in any
 * case, spaces allowed around the commas). The header is Tabula's, not the service's: it is not an
 * {@code x-ms-} header, so SharedKey signatures neither cover nor depend on it. Immutable.
 *
 * @param asked the extensions named, empty without the header
 */
public record RequestedExtensions(Set<Extension> asked) {
  /** The request header, and the response header that echoes the extensions applied. */
  public static final String HEADER = "x-tabula-extensions";

  /** A request that asked for nothing. */
  public static final RequestedExtensions NONE = new RequestedExtensions(Set.of());

  public RequestedExtensions {
    asked = asked.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(asked));
  }

  /**
   * The extensions the request names; 400 InvalidHeaderValue, the service's answer to a header it
   * cannot read, when one of the names is unknown (the message lists the known ones). Empty items
   * ({@code count,,startswith}, an empty header) name nothing.
   */
  public static RequestedExtensions of(ServiceRequest request) {
    String header = request.header(HEADER);
    if (header == null || header.isBlank()) {
      return NONE;
    }
    Set<Extension> asked = EnumSet.noneOf(Extension.class);
    for (String name : header.split(",", -1)) {
      String trimmed = name.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      asked.add(
          Extension.named(trimmed)
              .orElseThrow(
                  () ->
                      TableErrorCode.INVALID_HEADER_VALUE.exception(
                          "The value of x-tabula-extensions names an unknown extension '"
                              + trimmed
                              + "'; the known extensions are "
                              + known()
                              + ".")));
    }
    return new RequestedExtensions(asked);
  }

  /** Whether the request asked for {@code extension}. */
  public boolean has(Extension extension) {
    return asked.contains(extension);
  }

  /**
   * Adds {@code x-tabula-extensions} to the answer, naming the extensions of {@code applicable}
   * that the request asked for; nothing when there are none, so a request that asked for nothing
   * gets the service's headers only.
   */
  public ServiceResponse echo(ServiceResponse response, Set<Extension> applicable) {
    StringJoiner applied = new StringJoiner(",");
    for (Extension extension : Extension.values()) {
      if (asked.contains(extension) && applicable.contains(extension)) {
        applied.add(extension.wireName());
      }
    }
    return applied.length() == 0 ? response : response.header(HEADER, applied.toString());
  }

  private static String known() {
    return Arrays.stream(Extension.values())
        .map(Extension::wireName)
        .collect(Collectors.joining(", "));
  }
}
