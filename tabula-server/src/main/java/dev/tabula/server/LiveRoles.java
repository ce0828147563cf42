package dev.tabula.server;

import dev.tabula.protocol.auth.RoleAssignments;
import java.util.function.Supplier;

/**
 * The role assignments in force: the roles file's as last read ({@link RolesFileWatcher}). Each
 * request asks once, so it is decided by the old assignments or the new ones, never a mix.
 * Thread-safe.
 */
final class LiveRoles implements Supplier<RoleAssignments> {
  private volatile RoleAssignments inForce;

  LiveRoles(RoleAssignments initial) {
    this.inForce = initial;
  }

  @Override
  public RoleAssignments get() {
    return inForce;
  }

  /** Puts {@code assignments} in force for the requests that come from now on. */
  void replace(RoleAssignments assignments) {
    inForce = assignments;
  }
}
