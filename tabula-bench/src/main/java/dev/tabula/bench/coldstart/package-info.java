/**
 * The cold-start bench (issue 25): how fast a freshly launched server answers its first request and
 * how soon its insert rate reaches its warm rate, measured in one-second windows from the launch.
 * {@link dev.tabula.bench.coldstart.ColdStartMain} is its command line; bench/cold-start.sh runs
 * Tabula's variants and Azurite side by side with it.
 */
@NullMarked
package dev.tabula.bench.coldstart;

import org.jspecify.annotations.NullMarked;
