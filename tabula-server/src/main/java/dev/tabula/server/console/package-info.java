/**
 * The Tabula Console (docs/console.md): a web page served by the admin listener under {@code
 * /console/} to browse and edit tables, run queries with their plans and watch the service. Its
 * static files come from the jar (the page and the Preact and uPlot webjars: nothing from the
 * internet), and its API under {@code /console/api/} forwards to a {@link
 * dev.tabula.protocol.TableProtocol} of its own that grants only the console's accounts, so every
 * answer is the service's own. Nothing here is reachable from the data listener.
 */
@NullMarked
package dev.tabula.server.console;

import org.jspecify.annotations.NullMarked;
