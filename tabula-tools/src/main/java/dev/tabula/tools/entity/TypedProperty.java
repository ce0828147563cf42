package dev.tabula.tools.entity;

import java.util.Objects;

/**
 * One property: its name, Edm type and lexical value, exactly as the service wrote it (the digits
 * of a number, {@code true}/{@code false}, a DateTime's text, a Binary's base64, a Double's {@code
 * NaN}). Null values do not exist in the service (a null is "no property"), so there are none here.
 *
 * @param name the property name
 * @param type its Edm type
 * @param text its value as text
 */
public record TypedProperty(String name, EdmType type, String text) {
  public TypedProperty {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(text, "text");
  }
}
