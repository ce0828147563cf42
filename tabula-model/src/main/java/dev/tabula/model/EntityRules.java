package dev.tabula.model;

import java.util.Map;
import java.util.Set;

/**
 * Validation of keys, property names, values and entity size, each failure with the service's error
 * code. Engines call {@link #checkStored} on the result of a merge, since only they see it.
 */
public final class EntityRules {
  /** Names the service owns; a client's value for them is ignored or refused, never stored. */
  public static final Set<String> SYSTEM_PROPERTIES = Set.of("PartitionKey", "RowKey", "Timestamp");

  private EntityRules() {}

  /**
   * Checks a PartitionKey or RowKey: the characters {@code / \ # ?} and control characters
   * U+0000-U+001F, U+007F-U+009F are not allowed, and a key holds at most 1,024 characters.
   */
  public static void checkKey(String name, String key) {
    if (key == null) {
      throw TableErrorCode.PROPERTIES_NEED_VALUE.exception();
    }
    if (key.length() > Limits.MAX_KEY_LENGTH) {
      throw TableErrorCode.PROPERTY_VALUE_TOO_LARGE.exception();
    }
    for (int i = 0; i < key.length(); i++) {
      if (isForbiddenKeyChar(key.charAt(i))) {
        throw TableErrorCode.INVALID_INPUT.exception(
            "The '" + name + "' parameter of value '" + printable(key) + "' is out of range.");
      }
    }
  }

  private static boolean isForbiddenKeyChar(char c) {
    return c == '/' || c == '\\' || c == '#' || c == '?' || c <= 0x1F || (c >= 0x7F && c <= 0x9F);
  }

  private static String printable(String key) {
    StringBuilder out = new StringBuilder();
    key.codePoints()
        .limit(64)
        .forEach(c -> out.append(Character.isISOControl(c) ? '?' : (char) c));
    return out.toString();
  }

  /**
   * Checks a custom property name: C# identifier rules (a letter or underscore, then letters,
   * digits or underscores) and at most 255 characters.
   */
  public static void checkPropertyName(String name) {
    if (name.length() > Limits.MAX_PROPERTY_NAME_LENGTH) {
      throw TableErrorCode.PROPERTY_NAME_TOO_LONG.exception();
    }
    if (name.isEmpty() || !isIdentifierStart(name.codePointAt(0))) {
      throw TableErrorCode.PROPERTY_NAME_INVALID.exception();
    }
    for (int i = Character.charCount(name.codePointAt(0)); i < name.length(); ) {
      int c = name.codePointAt(i);
      if (!isIdentifierPart(c)) {
        throw TableErrorCode.PROPERTY_NAME_INVALID.exception();
      }
      i += Character.charCount(c);
    }
  }

  private static boolean isIdentifierStart(int c) {
    return c == '_' || Character.isLetter(c);
  }

  private static boolean isIdentifierPart(int c) {
    return c == '_' || Character.isLetterOrDigit(c);
  }

  /** Checks one value against the 64 KiB string and binary limits and the DateTime range. */
  public static void checkValue(String name, EdmValue value) {
    if (value instanceof EdmValue.EdmString s && s.value().length() > Limits.MAX_STRING_CHARS) {
      throw TableErrorCode.PROPERTY_VALUE_TOO_LARGE.exception();
    }
    if (value instanceof EdmValue.EdmBinary b && b.length() > Limits.MAX_BINARY_BYTES) {
      throw TableErrorCode.PROPERTY_VALUE_TOO_LARGE.exception();
    }
    if (value instanceof EdmValue.EdmDateTime d && !EdmDateTimes.inRange(d.value())) {
      throw TableErrorCode.OUT_OF_RANGE_INPUT.exception(
          "The '" + name + "' parameter of value '" + d.value() + "' is out of range.");
    }
  }

  /** Checks everything about an entity the client sent: keys, names, values, count and size. */
  public static void checkEntity(Entity entity) {
    checkKey("PartitionKey", entity.partitionKey());
    checkKey("RowKey", entity.rowKey());
    for (Map.Entry<String, EdmValue> property : entity.properties().entrySet()) {
      checkPropertyName(property.getKey());
      checkValue(property.getKey(), property.getValue());
    }
    checkStored(entity);
  }

  /** Checks the limits that apply to a stored entity as a whole: property count and total size. */
  public static void checkStored(Entity entity) {
    if (entity.properties().size() > Limits.MAX_CUSTOM_PROPERTIES) {
      throw TableErrorCode.TOO_MANY_PROPERTIES.exception();
    }
    if (size(entity) > Limits.MAX_ENTITY_BYTES) {
      throw TableErrorCode.ENTITY_TOO_LARGE.exception();
    }
  }

  /**
   * The service's size accounting (Windows Azure Storage team, "Understanding Windows Azure
   * Storage Billing"): 4 bytes + 2 per key character + for each property 8 bytes + 2 per name
   * character + the value's size.
   */
  public static long size(Entity entity) {
    long total = 4 + 2L * (entity.partitionKey().length() + entity.rowKey().length());
    for (Map.Entry<String, EdmValue> property : entity.properties().entrySet()) {
      total += 8 + 2L * property.getKey().length() + valueSize(property.getValue());
    }
    return total;
  }

  private static long valueSize(EdmValue value) {
    if (value instanceof EdmValue.EdmString s) {
      return 4 + 2L * s.value().length();
    } else if (value instanceof EdmValue.EdmBinary b) {
      return 4 + (long) b.length();
    } else if (value instanceof EdmValue.EdmGuid) {
      return 16;
    } else if (value instanceof EdmValue.EdmBoolean) {
      return 1;
    } else if (value instanceof EdmValue.EdmInt32) {
      return 4;
    }
    return 8; // DateTime, Double, Int64
  }
}
