/**
 * The Table service's operations on tables, entities, ACLs and service properties: each reads its
 * request options, calls core and shapes the service's response.
 */
@NullMarked
package dev.tabula.protocol.operations;

import org.jspecify.annotations.NullMarked;
