package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.model.EdmDateTimes;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmBinary;
import dev.tabula.model.EdmValue.EdmBoolean;
import dev.tabula.model.EdmValue.EdmDateTime;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmGuid;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import java.io.IOException;

/**
 * Writes one property: its {@code @odata.type} annotation when the level needs one, then its value.
 */
final class EdmValueEncoder {
  static final String TYPE_SUFFIX = "@odata.type";

  private EdmValueEncoder() {}

  /**
   * The annotation comes first, as in every service capture ({@code "testField@odata.type":
   * "Edm.Int64","testField":"12345543221"}). Minimal and full metadata annotate the same
   * properties; no metadata annotates none.
   */
  static void write(JsonGenerator out, String name, EdmValue value, MetadataLevel level)
      throws IOException {
    if (level != MetadataLevel.NO_METADATA && needsAnnotation(value)) {
      out.writeFieldName(FieldNames.annotationOf(name));
      out.writeString(value.type().odataName());
    }
    out.writeFieldName(FieldNames.of(name));
    writeValue(out, value);
  }

  /**
   * Whether JSON alone cannot carry the type. This is ODataLib v3's rule ({@code
   * JsonSharedUtils.ValueTypeMatchesJsonType}): String, Boolean and Int32 never, Double only when
   * it is written as a string (NaN, ±Infinity), everything else always. Whole doubles stay
   * unannotated because they are written with a ".0" (the Java SDK capture {@code
   * createEntityWithAllSupportedDataTypes} shows {@code "DoubleTypeProperty": 2.0}).
   */
  static boolean needsAnnotation(EdmValue value) {
    return switch (value.type()) {
      case STRING, BOOLEAN, INT32 -> false;
      case DOUBLE -> !Double.isFinite(((EdmDouble) value).value());
      case BINARY, DATE_TIME, GUID, INT64 -> true;
    };
  }

  private static void writeValue(JsonGenerator out, EdmValue value) throws IOException {
    switch (value.type()) {
      case STRING -> StringValues.write(out, (EdmString) value);
      case BOOLEAN -> out.writeBoolean(((EdmBoolean) value).value());
      case INT32 -> out.writeNumber(((EdmInt32) value).value());
      // Int64 is a JSON string so clients that read numbers as doubles keep every digit.
      case INT64 -> out.writeString(Long.toString(((EdmInt64) value).value()));
      case DOUBLE -> writeDouble(out, ((EdmDouble) value).value());
      case GUID -> out.writeString(((EdmGuid) value).value().toString());
      case BINARY -> {
        // Jackson's default variant is RFC 4648 base64 with padding and no line breaks, the same
        // text as Base64.getEncoder(), written without copying the bytes or building a String.
        byte[] bytes = ((EdmBinary) value).readOnlyBytes();
        out.writeBinary(Base64Variants.MIME_NO_LINEFEEDS, bytes, 0, bytes.length);
      }
      case DATE_TIME -> out.writeString(EdmDateTimes.format(((EdmDateTime) value).value()));
    }
  }

  /**
   * Finite doubles use Java's shortest round-trip text, which always has a '.' or an exponent
   * ({@code 5.0}, {@code 1.0E300}, {@code 4.9E-324}) and so is never re-read as Int32; the service
   * (ODataLib) likewise appends ".0" to whole values. NaN and the infinities are the strings {@code
   * "NaN"}, {@code "Infinity"}, {@code "-Infinity"}.
   */
  static void writeDouble(JsonGenerator out, double value) throws IOException {
    if (Double.isNaN(value)) {
      out.writeString("NaN");
    } else if (Double.isInfinite(value)) {
      out.writeString(value > 0 ? "Infinity" : "-Infinity");
    } else {
      out.writeNumber(Double.toString(value));
    }
  }
}
