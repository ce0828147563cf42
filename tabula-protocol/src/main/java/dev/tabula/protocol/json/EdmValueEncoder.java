package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.tabula.model.EdmType;
import dev.tabula.model.EdmValue;
import dev.tabula.model.EdmValue.EdmBinary;
import dev.tabula.model.EdmValue.EdmBoolean;
import dev.tabula.model.EdmValue.EdmDateTime;
import dev.tabula.model.EdmValue.EdmDouble;
import dev.tabula.model.EdmValue.EdmGuid;
import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmInt64;
import dev.tabula.model.EdmValue.EdmString;
import dev.tabula.model.PropertyCursor;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;

/**
 * Writes one property: its {@code @odata.type} annotation when the level needs one, then its value;
 * from an {@link EdmValue}, or straight from a stored entity's bytes through a {@link
 * PropertyCursor}, with the same bytes either way.
 */
final class EdmValueEncoder {
  static final String TYPE_SUFFIX = "@odata.type";

  // Quoted and encoded once: every typed property of every entity of a page writes one.
  private static final Map<EdmType, SerializableString> TYPE_NAMES = new EnumMap<>(EdmType.class);

  static {
    for (EdmType type : EdmType.values()) {
      TYPE_NAMES.put(type, new SerializedString(type.odataName()));
    }
  }

  private EdmValueEncoder() {}

  /**
   * The annotation comes first, as in every service capture ({@code "testField@odata.type":
   * "Edm.Int64","testField":"12345543221"}). Minimal and full metadata annotate the same
   * properties; no metadata annotates none.
   */
  static void write(
      JsonGenerator out, String name, EdmValue value, MetadataLevel level, byte[] scratch)
      throws IOException {
    if (level != MetadataLevel.NO_METADATA
        && needsAnnotation(
            value.type(), value instanceof EdmDouble d && !Double.isFinite(d.value()))) {
      out.writeFieldName(FieldNames.annotationOf(name));
      out.writeString(TYPE_NAMES.get(value.type()));
    }
    out.writeFieldName(FieldNames.of(name));
    writeValue(out, value, scratch);
  }

  /** The cursor's current property, as {@link #write} writes it, if the projection includes it. */
  static void writeCurrent(
      JsonGenerator out,
      PropertyCursor cursor,
      MetadataLevel level,
      Projection projection,
      byte[] scratch)
      throws IOException {
    StoredFieldNames.Known name = StoredFieldNames.of(cursor);
    if (!projection.all() && !projection.includes(name.text())) {
      return;
    }
    EdmType type = cursor.type();
    if (level != MetadataLevel.NO_METADATA
        && needsAnnotation(
            type, type == EdmType.DOUBLE && !Double.isFinite(cursor.doubleValue()))) {
      out.writeFieldName(name.annotation());
      out.writeString(TYPE_NAMES.get(type));
    }
    out.writeFieldName(name.member());
    byte[] source = cursor.source();
    switch (type) {
      case STRING -> {
        if (!StringValues.writeIfPlainAscii(
            out, source, cursor.valueStart(), cursor.valueLength())) {
          StringValues.write(out, cursor.stringValue());
        }
      }
      case BOOLEAN -> out.writeBoolean(cursor.booleanValue());
      case INT32 -> out.writeNumber(cursor.int32Value());
      case INT64 -> ValueText.int64(out, cursor.int64Value(), scratch);
      case DOUBLE -> writeDouble(out, cursor.doubleValue());
      case GUID -> ValueText.guid(out, cursor.guidValue(), scratch);
      case BINARY ->
          out.writeBinary(
              Base64Variants.MIME_NO_LINEFEEDS, source, cursor.valueStart(), cursor.valueLength());
      case DATE_TIME -> ValueText.dateTime(out, cursor.dateTimeValue(), scratch);
    }
  }

  /**
   * Whether JSON alone cannot carry the type. This is ODataLib v3's rule ({@code
   * JsonSharedUtils.ValueTypeMatchesJsonType}): String, Boolean and Int32 never, Double only when
   * it is written as a string (NaN, ±Infinity, told by {@code doubleAsString}), everything else
   * always. Whole doubles stay unannotated because they are written with a ".0" (the Java SDK
   * capture {@code createEntityWithAllSupportedDataTypes} shows {@code "DoubleTypeProperty": 2.0}).
   */
  static boolean needsAnnotation(EdmType type, boolean doubleAsString) {
    return switch (type) {
      case STRING, BOOLEAN, INT32 -> false;
      case DOUBLE -> doubleAsString;
      case BINARY, DATE_TIME, GUID, INT64 -> true;
    };
  }

  private static void writeValue(JsonGenerator out, EdmValue value, byte[] scratch)
      throws IOException {
    switch (value.type()) {
      case STRING -> StringValues.write(out, (EdmString) value);
      case BOOLEAN -> out.writeBoolean(((EdmBoolean) value).value());
      case INT32 -> out.writeNumber(((EdmInt32) value).value());
      case INT64 -> ValueText.int64(out, ((EdmInt64) value).value(), scratch);
      case DOUBLE -> writeDouble(out, ((EdmDouble) value).value());
      case GUID -> ValueText.guid(out, ((EdmGuid) value).value(), scratch);
      case BINARY -> {
        // Jackson's default variant is RFC 4648 base64 with padding and no line breaks, the same
        // text as Base64.getEncoder(), written without copying the bytes or building a String.
        byte[] bytes = ((EdmBinary) value).readOnlyBytes();
        out.writeBinary(Base64Variants.MIME_NO_LINEFEEDS, bytes, 0, bytes.length);
      }
      case DATE_TIME -> ValueText.dateTime(out, ((EdmDateTime) value).value(), scratch);
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
