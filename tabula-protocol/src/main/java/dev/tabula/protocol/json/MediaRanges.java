package dev.tabula.protocol.json;

import dev.tabula.model.TableErrorCode;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/** Reads an Accept header (or a long-form {@code $format}) into a {@link MetadataLevel}. */
final class MediaRanges {
  /** What the service can do with one media range. */
  private enum Kind {
    JSON,
    ATOM,
    UNSUPPORTED
  }

  /**
   * How many Accept headers are remembered. A client sends the same header on every request and
   * there are few kinds of client, so a handful covers them all; the bound keeps a client that
   * varies the header from growing the map.
   */
  static final int REMEMBERED = 64;

  /** The longest header remembered (the SDKs' are under 60 characters); longer ones are read. */
  private static final int LONGEST_REMEMBERED = 256;

  /** Accept headers already read, with their levels; a refused header is never remembered. */
  private static final Map<String, MetadataLevel> READ = new ConcurrentHashMap<>();

  private MediaRanges() {}

  /**
   * The level of the best media range the service can produce; see {@link MetadataLevel#negotiate}.
   * Reading the header was a few percent of a point read's CPU, so each header is read once.
   */
  static MetadataLevel best(String header) {
    MetadataLevel known = READ.get(header);
    if (known != null) {
      return known;
    }
    MetadataLevel level = read(header);
    if (header.length() <= LONGEST_REMEMBERED && READ.size() < REMEMBERED) {
      READ.put(header, level);
    }
    return level;
  }

  private static MetadataLevel read(String header) {
    MetadataLevel best = null;
    double bestQuality = 0;
    boolean sawAtom = false;
    for (String range : header.split(",")) {
      String[] parts = range.split(";");
      String type = parts[0].trim().toLowerCase(Locale.ROOT);
      if (type.isEmpty()) {
        continue;
      }
      String odata = parameter(parts, "odata");
      double quality = quality(parameter(parts, "q"));
      Kind kind = kind(type);
      MetadataLevel level = kind == Kind.JSON ? level(type, odata) : null;
      if (quality <= 0) {
        continue;
      }
      if (level != null && quality > bestQuality) {
        best = level;
        bestQuality = quality;
      }
      sawAtom |= kind == Kind.ATOM;
    }
    if (best != null) {
      return best;
    }
    if (sawAtom) {
      // Azurite answers Atom with 415 AtomFormatNotSupported; the code is in the SDKs' enums.
      throw TableErrorCode.ATOM_FORMAT_NOT_SUPPORTED.exception();
    }
    // The Accept header is well formed but names nothing JSON (or JSON verbose, which the SDK
    // enums call JsonVerboseFormatNotSupported, a code we do not model). MediaTypeNotSupported is
    // the storage services' own 415 for that, and 415 matches the Table service's other format
    // refusals (JsonFormatNotSupported, AtomFormatNotSupported) rather than HTTP's textbook 406.
    throw TableErrorCode.MEDIA_TYPE_NOT_SUPPORTED.exception();
  }

  private static Kind kind(String type) {
    switch (type) {
      case "application/json":
      case "application/*":
      case "*/*":
        return Kind.JSON;
      case "application/atom+xml":
      case "application/xml":
        return Kind.ATOM;
      default:
        return Kind.UNSUPPORTED;
    }
  }

  /** Null when a JSON range names a level the service does not produce (verbose, typos). */
  private static @Nullable MetadataLevel level(String type, @Nullable String odata) {
    if (odata == null || !type.equals("application/json")) {
      return MetadataLevel.MINIMAL_METADATA;
    }
    return MetadataLevel.fromOdataValue(odata);
  }

  private static @Nullable String parameter(String[] parts, String name) {
    for (int i = 1; i < parts.length; i++) {
      int equals = parts[i].indexOf('=');
      if (equals > 0 && parts[i].substring(0, equals).trim().equalsIgnoreCase(name)) {
        String value = parts[i].substring(equals + 1).trim();
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
          value = value.substring(1, value.length() - 1);
        }
        return value;
      }
    }
    return null;
  }

  /** RFC 9110 q-value; absent or unreadable counts as 1 so a sloppy client still gets JSON. */
  private static double quality(@Nullable String q) {
    if (q == null) {
      return 1;
    }
    try {
      return Double.parseDouble(q);
    } catch (NumberFormatException e) {
      return 1;
    }
  }
}
