package dev.tabula.model;

import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A typed property value. Values are immutable; the sealed hierarchy lets codecs switch over every
 * type exhaustively.
 */
public sealed interface EdmValue {

  /** The Edm type of this value. */
  EdmType type();

  /**
   * An {@code Edm.String}. One read from storage keeps its stored bytes and makes its {@code
   * String} only when asked: a query page mostly copies strings into JSON, and decoding them first,
   * then encoding them again, was about a tenth of its CPU. Equal by text.
   */
  final class EdmString implements EdmValue {
    private final byte @Nullable [] encoded;
    private final @Nullable Function<byte[], String> decoder;
    // Made from encoded on first use; a race decodes the same text twice, which is harmless.
    private @Nullable String value;

    public EdmString(String value) {
      this.value = Objects.requireNonNull(value, "value");
      this.encoded = null;
      this.decoder = null;
    }

    private EdmString(byte[] encoded, Function<byte[], String> decoder) {
      this.encoded = encoded;
      this.decoder = decoder;
    }

    /**
     * The string stored as {@code encoded}, decoded by {@code decoder} when first asked for. The
     * encoding must be ASCII-transparent, as UTF-8 is: a byte below 0x80 stands for that ASCII
     * character and is never part of another's encoding. The caller gives the array up and must not
     * modify it.
     */
    public static EdmString ofEncoded(byte[] encoded, Function<byte[], String> decoder) {
      return new EdmString(
          Objects.requireNonNull(encoded, "encoded"), Objects.requireNonNull(decoder, "decoder"));
    }

    /** The text. */
    public String value() {
      String text = value;
      if (text == null) {
        // Only a string made by ofEncoded starts without its text, and it has both of these.
        text = Objects.requireNonNull(decoder).apply(Objects.requireNonNull(encoded));
        value = text;
      }
      return text;
    }

    /**
     * The bytes it was made from by {@link #ofEncoded}, not a copy, else null; for writers that
     * copy ASCII text out as it is. Callers must not modify the array.
     */
    public byte @Nullable [] readOnlyEncodedOrNull() {
      return encoded;
    }

    @Override
    public EdmType type() {
      return EdmType.STRING;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof EdmString that && value().equals(that.value());
    }

    @Override
    public int hashCode() {
      return value().hashCode();
    }

    @Override
    public String toString() {
      return "EdmString[value=" + value() + "]";
    }
  }

  /** An {@code Edm.Binary}; the array is copied in and out so the value stays immutable. */
  record EdmBinary(byte[] value) implements EdmValue {
    public EdmBinary {
      value = value.clone();
    }

    @Override
    public byte[] value() {
      return value.clone();
    }

    /**
     * The bytes themselves, not a copy, for codecs that only read them (a response writer encoding
     * every binary property of every entity). Callers must not modify the array.
     */
    public byte[] readOnlyBytes() {
      return value;
    }

    /** The length in bytes, without copying. */
    public int length() {
      return value.length;
    }

    @Override
    public EdmType type() {
      return EdmType.BINARY;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof EdmBinary that && Arrays.equals(value, that.value);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(value);
    }

    @Override
    public String toString() {
      return "EdmBinary[" + Base64.getEncoder().encodeToString(value) + "]";
    }
  }

  /** An {@code Edm.Boolean}. */
  record EdmBoolean(boolean value) implements EdmValue {
    @Override
    public EdmType type() {
      return EdmType.BOOLEAN;
    }
  }

  /**
   * An {@code Edm.DateTime}, UTC, with the service's 100 ns precision (see {@link EdmDateTimes}).
   */
  record EdmDateTime(Instant value) implements EdmValue {
    public EdmDateTime {
      value = EdmDateTimes.truncate(Objects.requireNonNull(value, "value"));
    }

    @Override
    public EdmType type() {
      return EdmType.DATE_TIME;
    }
  }

  /** An {@code Edm.Double}, including NaN and the infinities. */
  record EdmDouble(double value) implements EdmValue {
    @Override
    public EdmType type() {
      return EdmType.DOUBLE;
    }
  }

  /** An {@code Edm.Guid}. */
  record EdmGuid(UUID value) implements EdmValue {
    public EdmGuid {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public EdmType type() {
      return EdmType.GUID;
    }
  }

  /** An {@code Edm.Int32}. */
  record EdmInt32(int value) implements EdmValue {
    @Override
    public EdmType type() {
      return EdmType.INT32;
    }
  }

  /** An {@code Edm.Int64}. */
  record EdmInt64(long value) implements EdmValue {
    @Override
    public EdmType type() {
      return EdmType.INT64;
    }
  }
}
