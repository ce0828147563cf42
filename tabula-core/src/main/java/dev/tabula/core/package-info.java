/**
 * The service's operations over a storage engine (tables, entities, queries, entity group
 * transactions, access policies) with the service's rules and errors.
 */
@NullMarked
package dev.tabula.core;

import org.jspecify.annotations.NullMarked;
