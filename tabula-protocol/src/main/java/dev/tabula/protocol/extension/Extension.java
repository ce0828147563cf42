package dev.tabula.protocol.extension;

import java.util.Locale;
import java.util.Optional;

/** The extensions a request can ask for, by their name in {@code x-tabula-extensions}. */
public enum Extension {
  /** {@code GET /{table}()/$count}: the number of matching entities, none transferred. */
  COUNT("count"),
  /** {@code startswith(PartitionKey|RowKey|property, 'prefix')} in {@code $filter}. */
  STARTS_WITH("startswith"),
  /** {@code GET} and {@code PUT /{table}?comp=tabula-settings}: the table's extension settings. */
  SETTINGS("settings"),
  /** {@code GET /{table}?comp=tabula-changes}: the table's change feed. */
  CHANGE_FEED("changefeed");

  private final String wireName;

  Extension(String wireName) {
    this.wireName = wireName;
  }

  /** The name on the wire, lower case. */
  public String wireName() {
    return wireName;
  }

  /** The extension a name (any case) stands for. */
  static Optional<Extension> named(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (Extension extension : values()) {
      if (extension.wireName.equals(lower)) {
        return Optional.of(extension);
      }
    }
    return Optional.empty();
  }
}
