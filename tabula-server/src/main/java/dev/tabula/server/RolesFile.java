package dev.tabula.server;

import dev.tabula.protocol.auth.RoleAssignments;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The roles file ({@code --oauth-roles}, docs/oauth.md) as it was read: where it is, its text
 * (which its {@link RolesFileWatcher} compares the file with) and the assignments it gave.
 *
 * @param path the file
 * @param text its text when read
 * @param assignments what the text says
 */
public record RolesFile(Path path, String text, RoleAssignments assignments) {

  /**
   * Reads and parses the roles file.
   *
   * @throws IllegalArgumentException when it cannot be read or is not valid, naming the file and
   *     the bad line
   */
  public static RolesFile read(Path path) {
    String text;
    try {
      text = WatchedFile.text(path);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read the roles file " + path + ": " + e, e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "cannot read the roles file " + path + ": " + e.getMessage(), e);
    }
    try {
      return new RolesFile(path, text, parse(text));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("roles file " + path + ": " + e.getMessage(), e);
    }
  }

  /**
   * The assignments a roles file's text gives.
   *
   * @throws IllegalArgumentException naming the first line that is not an assignment
   */
  static RoleAssignments parse(String text) {
    return RoleAssignments.parse(text.lines().toList());
  }
}
