package dev.tabula.tools.cli;

import org.jspecify.annotations.Nullable;

/**
 * One secondary index of a table as the settings document names it (docs/extensions.md, "Secondary
 * indexes").
 *
 * @param name the index's name
 * @param property the property it indexes
 * @param state {@code building} or {@code ready} as the server said, or null for an index the
 *     command is about to ask for (a PUT sends no state: the server decides it)
 */
record TableIndex(String name, String property, @Nullable String state) {}
