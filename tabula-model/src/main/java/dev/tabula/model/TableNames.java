package dev.tabula.model;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Table name rules: 3-63 characters, alphanumeric, starting with a letter, and not the reserved
 * name {@code tables}. Names compare case-insensitively; the created case is kept for listings.
 *
 * <p>The reserved name is 400 InvalidInput with the default message, not InvalidResourceName: a
 * real account answers Create Table of {@code tables} so (CloudStub
 * CloudStub.Azure.Cosmos.Table.Tests/TableTests/Sync/StubCloudTableTests.cs,
 * Create_WhenTableNameIsReserved_ThrowsException). The records try only the lower-case name; names
 * compare case-insensitively, so {@code Tables} is reserved too (Azurite's legacy table name
 * validator matches {@code /^tables$/i}).
 */
public final class TableNames {
  private static final Pattern VALID = Pattern.compile("[A-Za-z][A-Za-z0-9]*");

  private TableNames() {}

  /** Throws the service's error when the name cannot be a table name. */
  public static void check(String name) {
    if (name == null || name.isEmpty()) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    if (name.equalsIgnoreCase("tables")) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    if (!VALID.matcher(name).matches()) {
      throw TableErrorCode.INVALID_RESOURCE_NAME.exception();
    }
    if (name.length() < 3 || name.length() > 63) {
      throw TableErrorCode.OUT_OF_RANGE_INPUT.exception(
          "The specified resource name length is not within the permissible limits.");
    }
  }

  /** The form names are compared and ordered in. */
  public static String canonical(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
