package dev.tabula.model;

import java.time.Instant;
import java.util.UUID;

/**
 * Walks {@link EncodedProperties} in order. Names and string values are readable as their encoded
 * bytes, a range of {@link #source()}: the encoding is ASCII-transparent, as UTF-8 is (a byte below
 * 0x80 stands for that ASCII character and is never part of another's encoding), so a writer may
 * copy plain ASCII out as it is. A value's accessors may be called only for its own {@link
 * #type()}; one that finds the value corrupt throws {@link IllegalArgumentException}. Not
 * thread-safe; one cursor per reader.
 */
public interface PropertyCursor {

  /** Moves to the next property; false once past the last. */
  boolean next();

  /** The array that the name and value ranges are in; callers must not modify it. */
  byte[] source();

  /** Where the current property's encoded name starts in {@link #source()}. */
  int nameStart();

  /** The length in bytes of the current property's encoded name. */
  int nameLength();

  /** The current property's name. */
  String name();

  /** The current property's type. */
  EdmType type();

  /** Where a String's encoded text or a Binary's bytes start in {@link #source()}. */
  int valueStart();

  /** The length in bytes of a String's encoded text or a Binary's bytes. */
  int valueLength();

  /** A String's text. */
  String stringValue();

  /** A Boolean's value. */
  boolean booleanValue();

  /** An Int32's value. */
  int int32Value();

  /** An Int64's value. */
  long int64Value();

  /** A Double's value, NaN payloads and -0.0 as stored. */
  double doubleValue();

  /** A DateTime's value. */
  Instant dateTimeValue();

  /** A Guid's value. */
  UUID guidValue();
}
