/**
 * The account's service properties (logging, metrics, CORS rules): their rules, XML form and
 * storage.
 */
@NullMarked
package dev.tabula.core.properties;

import org.jspecify.annotations.NullMarked;
