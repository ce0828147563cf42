package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.ODataPaths;
import dev.tabula.conformance.support.RawResponse;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The paging options of Query Entities and Query Tables ({@code $top}), over raw HTTP so that the
 * exact values reach the server, checked against CloudStub's tests, which assert the answers of a
 * real storage account.
 */
@OnEveryEngine
class QueryOptionsContract extends ConformanceBase {
  private static final String INVALID_INPUT = "One of the request inputs is not valid.";

  /**
   * CloudStub CloudStub.Azure.Data.Tables.Tests/Table/Sync/TableClientQueryTests.cs,
   * Query_WhenUsingZeroTakeCount_ReturnsNoEntities: {@code maxPerPage: 0} ({@code $top=0}) returns
   * no entities, and the SDK stops, so the page carries no continuation (Azure/Azurite#1428: "the
   * platform ... returns zero entities").
   */
  @Test
  void queryEntities_withTopZero_returnsNoEntitiesAndNoContinuation() {
    TableClient table = newTable();
    table.createEntity(new TableEntity("p", "a"));
    table.createEntity(new TableEntity("q", "b"));

    for (String query :
        new String[] {
          "()?$top=0", "()?$top=0&$filter=" + ODataPaths.encodeQuery("PartitionKey eq 'p'")
        }) {
      RawResponse response = raw.get(table.getTableName() + query).send();

      assertThat(response.status()).as(query).isEqualTo(200);
      assertThat(response.json().path("value").isArray()).isTrue();
      assertThat(response.json().path("value")).isEmpty();
      assertThat(response.hasHeader("x-ms-continuation-NextPartitionKey")).isFalse();
      assertThat(response.hasHeader("x-ms-continuation-NextRowKey")).isFalse();
    }
  }

  /**
   * CloudStub TableClientQueryTests, Query_TakeCountLessThan0_ThrowsException and
   * Query_TakeCountGreaterThan1000_ThrowsException (real account): 400 InvalidInput "One of the
   * request inputs is not valid.". A $top that is not a number was not recorded; it gets the same.
   */
  @ParameterizedTest
  @ValueSource(strings = {"-1", "1001", "2147483648", "abc", "1.5"})
  void queryEntities_withTopOutOfRange_returns400InvalidInput(String top) {
    String table = newTable().getTableName();

    RawResponse response = raw.get(table + "()?$top=" + top).send();

    assertError(response, 400, "InvalidInput");
    // The message ends with the time in seven fractional digits, as every error message of the
    // service does (CloudStub's Assertions parse it with "yyyy-MM-ddTHH:mm:ss.fffffffZ").
    assertThat(response.json().path("odata.error").path("message").path("value").asText())
        .matches(
            "(?s)"
                + Pattern.quote(INVALID_INPUT)
                + "\nRequestId:[^\n]+\nTime:\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{7}Z");
  }

  /**
   * CloudStub CloudStub.AzureDataTables.Tests/TableService/Sync/TableServiceClientTests.cs (real
   * account): Query Tables with {@code $top=-1} is 400 InvalidInput. Over 1,000 and not a number
   * were not recorded for Query Tables; they answer as Query Entities does.
   */
  @ParameterizedTest
  @ValueSource(strings = {"-1", "1001", "abc"})
  void queryTables_withTopOutOfRange_returns400InvalidInput(String top) {
    RawResponse response = raw.get("Tables?$top=" + top).send();

    assertError(response, 400, "InvalidInput");
    assertThat(response.json().path("odata.error").path("message").path("value").asText())
        .startsWith(INVALID_INPUT + "\n");
  }

  /**
   * The same CloudStub tests send {@code $filter=filter eq not valid}, which the real account
   * answers 501 NotImplemented: with {@code $top=-1} the answer is 400 InvalidInput (so $top is
   * checked first), with {@code $top=0} still 501 (so 0 passes the $top check). What a valid filter
   * with {@code $top=0} returns was not recorded; Tabula answers as Query Entities: no tables, no
   * continuation, since the SDKs page on while a continuation comes back.
   */
  @Test
  void queryTables_topIsCheckedBeforeTheFilter_andZeroIsAccepted() {
    String filter = "&$filter=" + ODataPaths.encodeQuery("filter eq not valid");
    service.createTable(uniqueTableName());

    assertError(raw.get("Tables?$top=-1" + filter).send(), 400, "InvalidInput");
    // 501 is the service's answer here, so the request is sent without the no-5xx check.
    assertError(raw.get("Tables?$top=0" + filter).exchange(), 501, "NotImplemented");
    RawResponse zero = raw.get("Tables?$top=0").send();
    assertThat(zero.status()).isEqualTo(200);
    assertThat(zero.json().path("value")).isEmpty();
    assertThat(zero.hasHeader("x-ms-continuation-NextTableName")).isFalse();
  }

  /** The same order on Query Entities (not recorded there; the service's front end is shared). */
  @Test
  void queryEntities_topIsCheckedBeforeTheFilter() {
    String table = newTable().getTableName();
    String filter = "&$filter=" + ODataPaths.encodeQuery("filter eq not valid");

    assertError(raw.get(table + "()?$top=-1" + filter).send(), 400, "InvalidInput");
    assertError(raw.get(table + "()?$top=0" + filter).exchange(), 501, "NotImplemented");
  }
}
