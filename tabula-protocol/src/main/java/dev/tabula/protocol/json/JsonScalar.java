package dev.tabula.protocol.json;

/**
 * One property value exactly as the JSON carried it, kept as text until its annotation (which may
 * come before or after it) is known. A JSON null is its kind, with empty text.
 */
record JsonScalar(Kind kind, String text) {
  /** The JSON token kinds a property value may have. */
  enum Kind {
    STRING,
    INTEGER,
    DECIMAL,
    BOOLEAN,
    NULL
  }
}
