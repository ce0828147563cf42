package dev.tabula.protocol.json;

import dev.tabula.model.TableErrorCode;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * How much OData metadata a JSON response carries: {@code application/json;odata=nometadata},
 * {@code minimalmetadata} (the default) or {@code fullmetadata}. Chosen per request by {@link
 * #negotiate}; immutable and thread-safe.
 */
public enum MetadataLevel {
  NO_METADATA("nometadata"),
  MINIMAL_METADATA("minimalmetadata"),
  FULL_METADATA("fullmetadata");

  private final String odataValue;
  private final String contentType;

  MetadataLevel(String odataValue) {
    this.odataValue = odataValue;
    this.contentType = "application/json;odata=" + odataValue + ";streaming=true;charset=utf-8";
  }

  /** The value of the {@code odata} media-type parameter, for example {@code minimalmetadata}. */
  public String odataValue() {
    return odataValue;
  }

  /**
   * The response Content-Type, echoing the level as the service does: {@code
   * application/json;odata=minimalmetadata;streaming=true;charset=utf-8} (captured from the real
   * service in the azure-sdk-for-js tables recordings).
   */
  public String contentType() {
    return contentType;
  }

  /**
   * Picks the level for a request. A non-blank {@code $format} query parameter wins over Accept
   * (the service honours {@code $format} with DataServiceVersion 3.0, and the Java SDK sends it on
   * every call). Accept may list several media ranges; the one with the highest q-value that the
   * service can produce wins, ties going to the first. No Accept, {@code application/json} without
   * an {@code odata} parameter, {@code application/*} and {@code *}{@code /*} all mean minimal
   * metadata. Media types and parameter names are case-insensitive; spacing is free.
   *
   * @param acceptHeader the Accept header, or null
   * @param formatQueryParameter the {@code $format} query parameter, or null
   * @throws dev.tabula.model.TableException 415 {@code AtomFormatNotSupported} when only Atom/XML
   *     is acceptable (Atom ended with version 2015-12-11); 415 {@code MediaTypeNotSupported} when
   *     nothing acceptable is JSON
   */
  public static MetadataLevel negotiate(
      @Nullable String acceptHeader, @Nullable String formatQueryParameter) {
    if (formatQueryParameter != null && !formatQueryParameter.isBlank()) {
      return fromFormat(formatQueryParameter.trim());
    }
    if (acceptHeader == null || acceptHeader.isBlank()) {
      return MINIMAL_METADATA;
    }
    return MediaRanges.best(acceptHeader);
  }

  private static MetadataLevel fromFormat(String format) {
    String lower = format.toLowerCase(Locale.ROOT);
    // OData v3 also defines the short forms $format=json and $format=atom; the long form is what
    // the SDKs send (unconfirmed whether the service takes the short forms).
    if (lower.equals("json")) {
      return MINIMAL_METADATA;
    }
    if (lower.equals("atom") || lower.equals("xml")) {
      throw TableErrorCode.ATOM_FORMAT_NOT_SUPPORTED.exception();
    }
    return MediaRanges.best(format);
  }

  /** The level named by an {@code odata} parameter value, or null when it names none. */
  static @Nullable MetadataLevel fromOdataValue(String value) {
    for (MetadataLevel level : values()) {
      if (level.odataValue.equalsIgnoreCase(value)) {
        return level;
      }
    }
    return null;
  }
}
