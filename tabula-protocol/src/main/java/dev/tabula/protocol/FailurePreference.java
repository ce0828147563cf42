package dev.tabula.protocol;

import dev.tabula.protocol.operations.RequestOptions;
import dev.tabula.protocol.operations.ReturnPreference;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.ResourceKind;
import java.util.Optional;

/**
 * The {@code Preference-Applied} a failed Create Table or Insert Entity still carries. The service
 * applies a recognised {@code Prefer} before the operation runs, so its refusal of the operation
 * says so too: a real account answers a Create Table of an existing name, sent with {@code Prefer:
 * return-no-content}, with 409 TableAlreadyExists and {@code Preference-Applied: return-no-content}
 * (Azure/azure-sdk-for-java
 * sdk/tables/azure-data-tables/src/test/resources/session-records/AzureTableImplTest.createTableDuplicateNameImpl.json).
 * Without {@code Prefer} no such header is sent, on success or failure (Azure/azure-sdk-for-python
 * recording test_table_entity.pyTestTableEntitytest_insert_entity_conflict.json: 409
 * EntityAlreadyExists, no {@code Preference-Applied}). The records show the 409 of Create Table;
 * that Insert Entity and the 400 refusals of the operation (a bad name, a bad body) carry it the
 * same way is our reading of them. Refusals before the operation (authentication, authorization,
 * the version) do not.
 */
final class FailurePreference {
  private FailurePreference() {}

  /** The value to send with a failure of this operation, empty when none applies. */
  static Optional<String> of(OperationContext context) {
    ResourceKind kind = context.resource().kind();
    boolean inserts =
        (kind == ResourceKind.TABLES || kind == ResourceKind.TABLE)
            && "POST".equals(context.method());
    ReturnPreference preference =
        inserts ? RequestOptions.returnPreference(context.request()) : ReturnPreference.NONE;
    return preference.applied();
  }
}
