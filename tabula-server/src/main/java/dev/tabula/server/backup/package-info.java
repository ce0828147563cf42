/**
 * {@code tabula backup} and {@code tabula restore}: a running server's files copied through its
 * admin listener into a directory with a manifest of checksums, and that directory checked and
 * copied into a new data directory (docs/backup.md).
 */
@NullMarked
package dev.tabula.server.backup;

import org.jspecify.annotations.NullMarked;
