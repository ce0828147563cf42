/** Core's view of the storage engine: wrappers whose storage outcomes are the service's errors. */
@NullMarked
package dev.tabula.core.storage;

import org.jspecify.annotations.NullMarked;
