/**
 * The admin listener: {@code /health}, {@code /ready} and {@code /metrics} on a port of their own,
 * off the data port (docs/monitoring.md), and {@code POST /backup} (docs/backup.md). It knows
 * nothing of the server it reports on: the readiness to answer, the registry to render and where
 * backups come from are handed to it.
 */
@NullMarked
package dev.tabula.server.admin;

import org.jspecify.annotations.NullMarked;
