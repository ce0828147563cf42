package dev.tabula.bench.compare;

import dev.tabula.bench.load.TableClient;

/**
 * One server under comparison: a label for the report, a client of its endpoint and the table the
 * workloads read.
 *
 * @param name the label ({@code tabula}, {@code azurite})
 * @param client the client of its endpoint
 * @param table the table loaded for the run
 */
record Target(String name, TableClient client, String table) {}
