package dev.tabula.server.logging;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Reads a setting that takes one of an enum's values, named in lower case. */
final class Choices {
  private Choices() {}

  /**
   * The constant of {@code type} named {@code value}, in any case.
   *
   * @param setting how the operator set it, for the error: {@code --log-level (env
   *     TABULA_LOG_LEVEL, config log-level)}
   * @throws IllegalArgumentException naming the setting, the value and the choices, when {@code
   *     value} names none of them
   */
  static <E extends Enum<E>> E parse(Class<E> type, String value, String setting) {
    String wanted = value.trim().toUpperCase(Locale.ROOT);
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equals(wanted)) {
        return constant;
      }
    }
    throw new IllegalArgumentException(
        setting + " must be one of " + names(type) + ", not '" + value.trim() + "'");
  }

  /** The lower-case names of {@code type}'s constants, separated by commas. */
  static String names(Class<? extends Enum<?>> type) {
    return Arrays.stream(type.getEnumConstants())
        .map(constant -> constant.name().toLowerCase(Locale.ROOT))
        .collect(Collectors.joining(", "));
  }
}
