/**
 * OData {@code $filter} text parsed and bound into a filter tree, and the key ranges a filter can
 * match, from which a query plan is made.
 */
@NullMarked
package dev.tabula.query;

import org.jspecify.annotations.NullMarked;
