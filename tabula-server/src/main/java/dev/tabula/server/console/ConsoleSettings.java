package dev.tabula.server.console;

import dev.tabula.server.admin.AdminToken;
import org.jspecify.annotations.Nullable;

/**
 * What the console is told of the server it runs in.
 *
 * @param version the server's version, shown by the page
 * @param engine the engine's name ({@code rocksdb}, {@code memory}, {@code cassandra})
 * @param adminHost the admin listener's host ({@code --admin-host}): the one name besides
 *     loopback's the Host header may give
 * @param loopback whether the admin listener is bound to loopback only: then the console is open to
 *     local users, else it asks for the admin token
 * @param adminToken the admin token ({@code --admin-token}), or null for none
 * @param accounts the accounts the console may act as
 */
public record ConsoleSettings(
    String version,
    String engine,
    String adminHost,
    boolean loopback,
    @Nullable AdminToken adminToken,
    ConsoleAccounts accounts) {}
