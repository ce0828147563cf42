package dev.tabula.protocol.batch;

import dev.tabula.core.BatchOperation;
import dev.tabula.protocol.auth.ServiceOperation;
import dev.tabula.protocol.json.MetadataLevel;
import dev.tabula.protocol.json.ODataContext;
import dev.tabula.protocol.operations.ReturnPreference;
import java.util.Objects;

/**
 * One change-set operation read from its sub-request: the change for the core, and what its
 * response part needs. Immutable.
 *
 * @param authorization what a shared access signature must allow for it, as for the same request
 *     sent alone ({@link dev.tabula.protocol.routing.RequestOperation})
 * @param odata the operation's service root, account and table, for Location and payload links
 * @param level the metadata level its Accept asks for (an insert's echo)
 * @param returnPreference what its {@code Prefer} asks an insert to echo
 */
record ParsedOperation(
    BatchOperation operation,
    ServiceOperation authorization,
    ODataContext odata,
    MetadataLevel level,
    ReturnPreference returnPreference) {
  ParsedOperation {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(authorization, "authorization");
    Objects.requireNonNull(odata, "odata");
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(returnPreference, "returnPreference");
  }
}
