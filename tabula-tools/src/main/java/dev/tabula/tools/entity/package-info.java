/**
 * Entities as they travel between endpoints and files: keys, and properties that keep their Edm
 * type and their exact lexical value as the service wrote it (a Double's digits, a DateTime's seven
 * fractional digits), so that a copy is the same entity, not a re-rendered one.
 */
@NullMarked
package dev.tabula.tools.entity;

import org.jspecify.annotations.NullMarked;
