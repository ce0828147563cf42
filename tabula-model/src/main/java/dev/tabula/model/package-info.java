/**
 * The service's data model, shared by every layer: entities and their Edm-typed properties, keys,
 * ETags, limits and the service's error codes.
 */
@NullMarked
package dev.tabula.model;

import org.jspecify.annotations.NullMarked;
