package dev.tabula.server;

import java.time.Duration;

/**
 * What a graceful stop did ({@link TabulaServer#stop}).
 *
 * @param answered requests that were in flight when the stop began and were answered during it
 * @param cutOff requests still unanswered when the drain time ran out; their connections were
 *     closed
 * @param took how long the stop took, the engine's close included
 */
public record Drained(int answered, int cutOff, Duration took) {}
