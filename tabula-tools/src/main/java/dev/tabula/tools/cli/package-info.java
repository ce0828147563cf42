/**
 * The {@code tabula} subcommands that move data (tables, query, export, import, copy), their shared
 * options, progress display and exit statuses.
 */
@NullMarked
package dev.tabula.tools.cli;

import org.jspecify.annotations.NullMarked;
