package dev.tabula.server.admin;

import dev.tabula.engine.EngineSnapshot;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * What the admin listener needs to serve {@code POST /backup}: where snapshots come from, the token
 * asked for (or none) and the server's version.
 *
 * @param snapshots takes a point-in-time copy of the engine's files
 * @param token the admin token, or null: then only a listener on loopback serves backups
 * @param version the server's version, sent with each archive
 */
public record AdminBackup(
    Supplier<EngineSnapshot> snapshots, @Nullable AdminToken token, String version) {

  /** The endpoint for a listener bound to {@code host}. */
  BackupEndpoint endpoint(String host) {
    return new BackupEndpoint(snapshots, new BackupAccess(token, loopback(host)), version);
  }

  /** Whether {@code host} is a loopback address; a name that does not resolve is not. */
  public static boolean loopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
