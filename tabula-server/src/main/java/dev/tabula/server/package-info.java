/**
 * The Netty server and command line: configuration, event loops and workers, the HTTP pipeline and
 * its limits, TLS and the choice of engine.
 */
@NullMarked
package dev.tabula.server;

import org.jspecify.annotations.NullMarked;
