package dev.tabula.server;

import dev.tabula.protocol.auth.RoleAssignments;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the roles file again when it changes, as the accounts file is ({@link WatchedFile}: every
 * second, a new text taken once two reads agree, an invalid one keeping the roles in force with one
 * warning), so that a role assigned or removed needs no restart, as in Azure.
 */
final class RolesFileWatcher implements WatchedFile.Contents<RoleAssignments> {
  private static final Logger LOG = LoggerFactory.getLogger(RolesFileWatcher.class);

  private final Path file;
  private final LiveRoles live;

  private RolesFileWatcher(Path file, LiveRoles live) {
    this.file = file;
    this.live = live;
  }

  /** Watches {@code oauth}'s roles file for {@code live}, or null when it has none. */
  static @Nullable WatchedFile<RoleAssignments> startIfAny(OAuthSettings oauth, LiveRoles live) {
    RolesFile rolesFile = oauth.rolesFile();
    if (rolesFile == null) {
      return null;
    }
    return WatchedFile.start(
        "roles file",
        rolesFile.path(),
        rolesFile.text(),
        new RolesFileWatcher(rolesFile.path(), live));
  }

  @Override
  public RoleAssignments parse(String text) {
    return RolesFile.parse(text);
  }

  @Override
  public void take(RoleAssignments assignments) {
    live.replace(assignments);
    LOG.info("Roles file {} read again: its assignments are in force", file);
  }

  @Override
  public String stillInForce() {
    return "the role assignments read before stay in force";
  }
}
