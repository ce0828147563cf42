package dev.tabula.tools.entity;

import java.util.Locale;
import java.util.Optional;

/**
 * The Table service's property types and how each travels in the service's JSON: as a JSON string,
 * number or boolean, and whether it needs an {@code @odata.type} annotation to be read back as
 * itself.
 */
public enum EdmType {
  STRING("Edm.String", false),
  INT32("Edm.Int32", false),
  BOOLEAN("Edm.Boolean", false),
  /**
   * Annotated always, although a number with a decimal point is read as a Double without it: a
   * whole value written as {@code 5} would come back as an Int32, and NaN and the infinities travel
   * as strings.
   */
  DOUBLE("Edm.Double", true),
  INT64("Edm.Int64", true),
  DATE_TIME("Edm.DateTime", true),
  GUID("Edm.Guid", true),
  BINARY("Edm.Binary", true);

  private static final EdmType[] VALUES = values();

  private final String wireName;
  private final boolean annotated;

  EdmType(String wireName, boolean annotated) {
    this.wireName = wireName;
    this.annotated = annotated;
  }

  /** The name in {@code @odata.type} annotations and in CSV type columns: {@code Edm.Int64}. */
  public String wireName() {
    return wireName;
  }

  /** Whether this type is written with an {@code @odata.type} annotation. */
  public boolean annotated() {
    return annotated;
  }

  /**
   * The type named {@code name}: the wire name ({@code Edm.Int64}), case-insensitively, or the bare
   * name ({@code Int64}, as Storage Explorer's CSV files write it).
   */
  public static Optional<EdmType> named(String name) {
    // The exact wire name first: every annotation of every entity of an import comes this way.
    for (EdmType type : VALUES) {
      if (type.wireName.equals(name)) {
        return Optional.of(type);
      }
    }
    String wanted = name.toLowerCase(Locale.ROOT);
    for (EdmType type : VALUES) {
      String wire = type.wireName.toLowerCase(Locale.ROOT);
      if (wire.equals(wanted) || wire.substring("edm.".length()).equals(wanted)) {
        return Optional.of(type);
      }
    }
    return Optional.empty();
  }
}
