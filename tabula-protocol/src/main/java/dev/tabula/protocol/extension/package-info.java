/**
 * Tabula's opt-in extensions beyond the Table service (docs/extensions.md): which a request asked
 * for with {@code x-tabula-extensions}, and the echo of those applied. A request that does not ask
 * is answered exactly as the service answers.
 */
@NullMarked
package dev.tabula.protocol.extension;

import org.jspecify.annotations.NullMarked;
