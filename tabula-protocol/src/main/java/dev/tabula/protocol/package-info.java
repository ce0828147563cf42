/**
 * The Table service's REST protocol over core: {@link dev.tabula.protocol.TableProtocol} takes a
 * request through authentication, routing and an operation to its response.
 */
@NullMarked
package dev.tabula.protocol;

import org.jspecify.annotations.NullMarked;
