package dev.tabula.model;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Validation of keys, property names, values and entity size, each failure with the service's error
 * code. Engines check the result of a merge with {@link #hasTooManyProperties} and {@link
 * #isTooLarge}, since only they see it.
 */
public final class EntityRules {
  /** Names the service owns; a client's value for them is ignored or refused, never stored. */
  public static final Set<String> SYSTEM_PROPERTIES = Set.of("PartitionKey", "RowKey", "Timestamp");

  private EntityRules() {}

  /**
   * Checks a PartitionKey or RowKey sent in an entity body (Insert Entity): a key holds at most
   * 1,024 characters (400 PropertyValueTooLarge), and the characters {@code / \ # ?} and the
   * control characters U+0000-U+001F, U+007F-U+009F are not allowed: 400 OutOfRangeInput "The
   * 'PartitionKey' parameter of value '…' is out of range.", the key shown as sent, a control
   * character as itself (CloudStub's tests against a real account,
   * StubCloudTableEntityInsertTableOperationTests Execute_WhenPartitionKeyIsInvalid_ThrowsException
   * for every forbidden character).
   */
  public static void checkKey(String name, String key) {
    if (key == null) {
      throw TableErrorCode.PROPERTIES_NEED_VALUE.exception();
    }
    if (key.length() > Limits.MAX_KEY_LENGTH) {
      throw TableErrorCode.PROPERTY_VALUE_TOO_LARGE.exception();
    }
    if (hasForbiddenKeyChar(key)) {
      throw TableErrorCode.OUT_OF_RANGE_INPUT.exception(
          "The '" + name + "' parameter of value '" + key + "' is out of range.");
    }
  }

  /**
   * Checks a key an operation takes from its URL (Update, Merge, Delete and the two upserts). A
   * forbidden character is 400 OutOfRangeInput with the service's generic text, "One of the request
   * inputs is out of range." (CloudStub's real-account tests of Replace, Merge, Delete,
   * InsertOrReplace and InsertOrMerge, single and in a batch; {@code /} and {@code \} fail earlier,
   * as a URL syntax error). The 1,024-character limit applies only where an entity would be stored,
   * an upsert: an Update, Merge or Delete of longer keys finds no entity and answers 404
   * ResourceNotFound (CloudStub, Execute_WhenEntityDoesNotExist_ThrowsException of Merge, Replace
   * and Delete, with keys of 2,048 characters).
   *
   * @param stored whether the operation may store an entity under this key (an upsert)
   */
  public static void checkAddressedKey(String key, boolean stored) {
    if (stored && key.length() > Limits.MAX_KEY_LENGTH) {
      throw TableErrorCode.PROPERTY_VALUE_TOO_LARGE.exception();
    }
    if (hasForbiddenKeyChar(key)) {
      throw TableErrorCode.OUT_OF_RANGE_INPUT.exception();
    }
  }

  private static boolean hasForbiddenKeyChar(String key) {
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c == '/' || c == '\\' || c == '#' || c == '?' || c <= 0x1F || (c >= 0x7F && c <= 0x9F)) {
        return true;
      }
    }
    return false;
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
      throw dateTimeOutOfRange(name, d.value());
    }
  }

  /**
   * The service's 400 OutOfRangeInput for a DateTime outside 1601..9999, the value shown in UTC as
   * {@code MM/dd/yyyy HH:mm:ss}: "The 'DateTimeProp' parameter of value '12/31/1600 23:59:59' is
   * out of range." (CloudStub's real-account tests, Execute_WhenDateTimePropertyIsInvalid of
   * Insert, Replace, Merge and the upserts, message formatted {@code {value:MM/dd/yyyy HH:mm:ss}}).
   */
  public static TableException dateTimeOutOfRange(String name, Instant value) {
    LocalDateTime t = LocalDateTime.ofInstant(value, ZoneOffset.UTC);
    String shown =
        String.format(
            Locale.ROOT,
            "%02d/%02d/%04d %02d:%02d:%02d",
            t.getMonthValue(),
            t.getDayOfMonth(),
            t.getYear(),
            t.getHour(),
            t.getMinute(),
            t.getSecond());
    return TableErrorCode.OUT_OF_RANGE_INPUT.exception(
        "The '" + name + "' parameter of value '" + shown + "' is out of range.");
  }

  /** Checks everything about an entity the client sent: keys, names, values, count and size. */
  public static void checkEntity(Entity entity) {
    checkKey("PartitionKey", entity.partitionKey());
    checkKey("RowKey", entity.rowKey());
    checkContent(entity);
  }

  /** Checks an entity's properties: names, values, count and size (not its keys' characters). */
  public static void checkContent(Entity entity) {
    for (Map.Entry<String, EdmValue> property : entity.properties().entrySet()) {
      checkPropertyName(property.getKey());
      checkValue(property.getKey(), property.getValue());
    }
    checkStored(entity);
  }

  /** Checks the limits that apply to a stored entity as a whole: property count and total size. */
  public static void checkStored(Entity entity) {
    if (hasTooManyProperties(entity)) {
      throw TableErrorCode.TOO_MANY_PROPERTIES.exception();
    }
    if (isTooLarge(entity)) {
      throw TableErrorCode.ENTITY_TOO_LARGE.exception();
    }
  }

  /**
   * Whether the entity has more custom properties than a stored entity may (252). The internal
   * expiry ({@link Expiry#PROPERTY}) is not one of them: a client never sees it by that name.
   */
  public static boolean hasTooManyProperties(Entity entity) {
    Map<String, EdmValue> properties = entity.properties();
    int internal = properties.containsKey(Expiry.PROPERTY) ? 1 : 0;
    return properties.size() - internal > Limits.MAX_CUSTOM_PROPERTIES;
  }

  /** Whether the entity is larger than a stored entity may be (1 MiB, see {@link #size}). */
  public static boolean isTooLarge(Entity entity) {
    return size(entity) > Limits.MAX_ENTITY_BYTES;
  }

  /**
   * The service's size accounting (Windows Azure Storage team, "Understanding Windows Azure Storage
   * Billing"): 4 bytes + 2 per key character + for each property 8 bytes + 2 per name character +
   * the value's size.
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
