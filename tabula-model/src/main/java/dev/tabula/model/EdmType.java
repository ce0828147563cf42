package dev.tabula.model;

import org.jspecify.annotations.Nullable;

/** The eight Entity Data Model types a Table service property can hold, with their OData names. */
public enum EdmType {
  STRING("Edm.String"),
  BINARY("Edm.Binary"),
  BOOLEAN("Edm.Boolean"),
  DATE_TIME("Edm.DateTime"),
  DOUBLE("Edm.Double"),
  GUID("Edm.Guid"),
  INT32("Edm.Int32"),
  INT64("Edm.Int64");

  /** {@code values()} copies the array on each call; every typed property of a body asks. */
  private static final EdmType[] ALL = values();

  private final String odataName;

  EdmType(String odataName) {
    this.odataName = odataName;
  }

  /** The name used in {@code @odata.type} annotations, for example {@code Edm.Int64}. */
  public String odataName() {
    return odataName;
  }

  /** Returns the type with this OData name, or null when the name is not one of the eight. */
  public static @Nullable EdmType fromOdataName(String name) {
    for (EdmType type : ALL) {
      if (type.odataName.equals(name)) {
        return type;
      }
    }
    return null;
  }
}
