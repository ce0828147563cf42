/**
 * A small client of the Table service REST API over the JDK's HTTP client: connection strings,
 * SharedKeyLite signing or a SAS, table listing and creation, streamed queries with continuation,
 * and entity group transactions.
 */
@NullMarked
package dev.tabula.tools.client;

import org.jspecify.annotations.NullMarked;
