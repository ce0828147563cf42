package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.azure.storage.CloudStorageAccount;
import com.microsoft.azure.storage.LoggingOperations;
import com.microsoft.azure.storage.ServiceProperties;
import com.microsoft.azure.storage.SharedAccessAccountPermissions;
import com.microsoft.azure.storage.SharedAccessAccountPolicy;
import com.microsoft.azure.storage.SharedAccessAccountResourceType;
import com.microsoft.azure.storage.SharedAccessAccountService;
import com.microsoft.azure.storage.StorageCredentialsSharedAccessSignature;
import com.microsoft.azure.storage.table.CloudTable;
import com.microsoft.azure.storage.table.DynamicTableEntity;
import com.microsoft.azure.storage.table.SharedAccessTablePermissions;
import com.microsoft.azure.storage.table.SharedAccessTablePolicy;
import com.microsoft.azure.storage.table.TableOperation;
import com.microsoft.azure.storage.table.TablePermissions;
import com.microsoft.azure.storage.table.TableQuery;
import dev.tabula.conformance.support.Clients;
import dev.tabula.conformance.support.TestAccounts;
import java.util.ArrayList;
import java.util.Date;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The legacy Java client's access and service calls: table ACLs with a stored access policy, the
 * service and account SAS it signs itself (its own string-to-sign, API version 2018-11-09 era), and
 * Get/Set Table Service Properties through its XML model.
 */
@OnEveryEngine
class LegacyServiceContract extends LegacyClientBase {

  private static Date hoursFromNow(int hours) {
    return new Date(System.currentTimeMillis() + hours * 3_600_000L);
  }

  private static CloudTable withSas(CloudTable table, String sas) throws Exception {
    return new CloudTable(table.getUri(), new StorageCredentialsSharedAccessSignature(sas));
  }

  @Test
  void storedAccessPolicy_roundTrips_andItsSasGrantsItsPermissions() throws Exception {
    CloudTable table = newLegacyTable();
    SharedAccessTablePolicy policy = new SharedAccessTablePolicy();
    policy.setPermissions(
        EnumSet.of(SharedAccessTablePermissions.QUERY, SharedAccessTablePermissions.ADD));
    policy.setSharedAccessStartTime(hoursFromNow(-1));
    policy.setSharedAccessExpiryTime(hoursFromNow(2));
    TablePermissions permissions = new TablePermissions();
    permissions.getSharedAccessPolicies().put("readers", policy);
    table.uploadPermissions(permissions);

    TablePermissions read = table.downloadPermissions();
    CloudTable viaSas =
        withSas(
            table, table.generateSharedAccessSignature(null, "readers", null, null, null, null));
    viaSas.execute(TableOperation.insert(new DynamicTableEntity("p", "r")));

    assertThat(read.getSharedAccessPolicies()).containsOnlyKeys("readers");
    assertThat(read.getSharedAccessPolicies().get("readers").permissionsToString()).isEqualTo("ra");
    assertThat(
            viaSas
                .execute(TableOperation.retrieve("p", "r", DynamicTableEntity.class))
                .getHttpStatusCode())
        .isEqualTo(200);
    DynamicTableEntity any = new DynamicTableEntity("p", "r");
    any.setEtag("*");
    assertStorageError(
        403, "AuthorizationPermissionMismatch", () -> viaSas.execute(TableOperation.delete(any)));
  }

  @Test
  void serviceSas_withKeyRanges_confinesReadsAndWrites() throws Exception {
    CloudTable table = newLegacyTable();
    SharedAccessTablePolicy policy = new SharedAccessTablePolicy();
    policy.setPermissions(EnumSet.allOf(SharedAccessTablePermissions.class));
    policy.setSharedAccessExpiryTime(hoursFromNow(2));
    CloudTable viaSas =
        withSas(table, table.generateSharedAccessSignature(policy, null, "a", "", "b", "~"));
    table.execute(TableOperation.insert(new DynamicTableEntity("c", "outside")));

    viaSas.execute(TableOperation.insert(new DynamicTableEntity("a", "inside")));
    List<String> rows = new ArrayList<>();
    viaSas.execute(TableQuery.from(DynamicTableEntity.class)).forEach(e -> rows.add(e.getRowKey()));

    assertThat(rows).containsExactly("inside");
    assertStorageError(
        403,
        "AuthorizationFailure",
        () -> viaSas.execute(TableOperation.insert(new DynamicTableEntity("c", "r"))));
  }

  @Test
  void accountSas_signedByTheLibrary_isAccepted() throws Exception {
    CloudTable table = newLegacyTable();
    SharedAccessAccountPolicy policy = new SharedAccessAccountPolicy();
    policy.setPermissions(EnumSet.allOf(SharedAccessAccountPermissions.class));
    policy.setServices(EnumSet.of(SharedAccessAccountService.TABLE));
    policy.setResourceTypes(EnumSet.allOf(SharedAccessAccountResourceType.class));
    policy.setSharedAccessExpiryTime(hoursFromNow(2));
    CloudStorageAccount account =
        CloudStorageAccount.parse(Clients.connectionString(server, TestAccounts.DEVELOPMENT));

    CloudTable viaSas = withSas(table, account.generateSharedAccessSignature(policy));
    viaSas.execute(TableOperation.insert(new DynamicTableEntity("a", "r")));

    assertThat(viaSas.exists()).isTrue();
    assertThat(
            table
                .execute(TableOperation.retrieve("a", "r", DynamicTableEntity.class))
                .getHttpStatusCode())
        .isEqualTo(200);
  }

  @Test
  void serviceProperties_roundTripThroughTheLibrarysXmlModel() throws Exception {
    ServiceProperties properties = legacy.downloadServiceProperties();
    properties.getLogging().setLogOperationTypes(EnumSet.of(LoggingOperations.READ));
    properties.getLogging().setRetentionIntervalInDays(3);

    legacy.uploadServiceProperties(properties);
    ServiceProperties read = legacy.downloadServiceProperties();

    assertThat(read.getLogging().getLogOperationTypes()).containsExactly(LoggingOperations.READ);
    assertThat(read.getLogging().getRetentionIntervalInDays()).isEqualTo(3);
  }
}
