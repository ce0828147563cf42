/**
 * The in-memory engine: tables held in sorted maps, for tests and for deployments that keep no data
 * across restarts.
 */
@NullMarked
package dev.tabula.engine.memory;

import org.jspecify.annotations.NullMarked;
