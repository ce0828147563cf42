/**
 * The client side of the {@code tabula} command: moving entities between Table endpoints (any
 * service that speaks the Azure Table Storage REST API) and files. It knows the service only
 * through its REST API, never through Tabula's server classes, so that it works the same against
 * Tabula, Azurite and Azure.
 */
@NullMarked
package dev.tabula.tools;

import org.jspecify.annotations.NullMarked;
