/**
 * What the server tells its operators about the requests it answers: each answered request is
 * handed to the {@link dev.tabula.server.telemetry.RequestListener}s of the server's {@link
 * dev.tabula.server.telemetry.Telemetry} (metrics, the access log), which also owns the meter
 * registry that the admin listener's {@code /metrics} renders.
 */
@NullMarked
package dev.tabula.server.telemetry;

import org.jspecify.annotations.NullMarked;
