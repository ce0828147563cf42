package dev.tabula.conformance;

import static dev.tabula.conformance.support.ServiceErrors.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableAccessPolicies;
import com.azure.data.tables.models.TableAccessPolicy;
import com.azure.data.tables.models.TableSignedIdentifier;
import dev.tabula.conformance.support.RawResponse;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Get and Set Table ACL: stored access policies kept with the table, at most five, as XML, for the
 * account owner only.
 */
@OnEveryEngine
class TableAclContract extends ConformanceBase {
  private static final OffsetDateTime START =
      OffsetDateTime.of(2021, 7, 8, 9, 10, 9, 0, ZoneOffset.UTC);
  // The SDK sends whole seconds; sub-second times are covered over raw HTTP.
  private static final OffsetDateTime EXPIRY =
      OffsetDateTime.of(2031, 7, 8, 9, 10, 9, 0, ZoneOffset.UTC);

  @Test
  void setAccessPolicies_fromTheSdk_areReturnedByGet() {
    TableClient table = newTable();
    TableSignedIdentifier full =
        new TableSignedIdentifier("full")
            .setAccessPolicy(
                new TableAccessPolicy()
                    .setStartsOn(START)
                    .setExpiresOn(EXPIRY)
                    .setPermissions("raud"));
    TableSignedIdentifier partial =
        new TableSignedIdentifier("partial")
            .setAccessPolicy(new TableAccessPolicy().setPermissions("r"));

    table.setAccessPolicies(List.of(full, partial));
    TableAccessPolicies policies = table.getAccessPolicies();

    assertThat(policies.getIdentifiers()).hasSize(2);
    TableSignedIdentifier first = policies.getIdentifiers().get(0);
    assertThat(first.getId()).isEqualTo("full");
    assertThat(first.getAccessPolicy().getStartsOn()).isEqualTo(START);
    assertThat(first.getAccessPolicy().getExpiresOn()).isEqualTo(EXPIRY);
    assertThat(first.getAccessPolicy().getPermissions()).isEqualTo("raud");
    TableSignedIdentifier second = policies.getIdentifiers().get(1);
    assertThat(second.getId()).isEqualTo("partial");
    assertThat(second.getAccessPolicy().getPermissions()).isEqualTo("r");
    assertThat(second.getAccessPolicy().getStartsOn()).isNull();
  }

  @Test
  void setAccessPolicies_replacesEveryPolicy_andAnEmptyListClearsThem() {
    TableClient table = newTable();
    table.setAccessPolicies(List.of(policy("a"), policy("b")));

    table.setAccessPolicies(List.of(policy("c")));
    assertThat(ids(table)).containsExactly("c");

    table.setAccessPolicies(List.of());
    assertThat(ids(table)).isEmpty();
  }

  @Test
  void getAcl_overRawHttp_isXmlWithSevenFractionalDigits() {
    String table = newTable().getTableName();
    String body =
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><SignedIdentifiers><SignedIdentifier><Id>x</Id>"
            + "<AccessPolicy><Start>2021-07-08</Start><Expiry>2021-07-09T12:11:00.1234567+02:00</Expiry>"
            + "<Permission>ra</Permission></AccessPolicy></SignedIdentifier>"
            + "<SignedIdentifier><Id>bare</Id><AccessPolicy/></SignedIdentifier></SignedIdentifiers>";

    RawResponse set = raw.put(table + "?comp=acl").xml(body).send();
    RawResponse get = raw.get(table + "?comp=acl").send();

    assertThat(set.status()).as(set.toString()).isEqualTo(204);
    assertThat(get.status()).as(get.toString()).isEqualTo(200);
    assertThat(get.header("Content-Type")).isEqualTo("application/xml");
    // A real account's document starts with a UTF-8 byte order mark (Azure/azure-sdk-for-python
    // recording test_table.pyTestTabletest_get_table_acl.json).
    assertThat(get.bodyText())
        .startsWith("\uFEFF<?xml version=\"1.0\" encoding=\"utf-8\"?><SignedIdentifiers>")
        .contains("<Start>2021-07-08T00:00:00.0000000Z</Start>")
        .contains("<Expiry>2021-07-09T10:11:00.1234567Z</Expiry>")
        .contains("<Permission>ra</Permission>")
        .contains("<SignedIdentifier><Id>bare</Id></SignedIdentifier>");
  }

  @Test
  void headAcl_answers200WithoutABody() {
    String table = newTable().getTableName();

    RawResponse head = raw.request("HEAD", table + "?comp=acl").send();

    assertThat(head.status()).as(head.toString()).isEqualTo(200);
    assertThat(head.body()).isEmpty();
  }

  @Test
  void setAcl_withSixPolicies_returns400InXml() {
    TableClient table = newTable();
    String body =
        IntStream.range(0, 6)
                .mapToObj(i -> "<SignedIdentifier><Id>p" + i + "</Id></SignedIdentifier>")
                .reduce("<SignedIdentifiers>", String::concat)
            + "</SignedIdentifiers>";

    RawResponse response = raw.put(table.getTableName() + "?comp=acl").xml(body).send();

    assertXmlError(response, 400, "InvalidXmlDocument");
    table.setAccessPolicies(IntStream.range(0, 5).mapToObj(i -> policy("p" + i)).toList());
    assertThat(ids(table)).hasSize(5);
  }

  @Test
  void setAcl_withAnIdOver64Characters_returns400() {
    String table = newTable().getTableName();
    String id = "i".repeat(65);

    RawResponse response =
        raw.put(table + "?comp=acl")
            .xml(
                "<SignedIdentifiers><SignedIdentifier><Id>"
                    + id
                    + "</Id></SignedIdentifier></SignedIdentifiers>")
            .send();

    assertXmlError(response, 400, "InvalidXmlDocument");
  }

  /**
   * A malformed document is 400 InvalidXmlDocument "XML specified is not syntactically valid."
   * (learn.microsoft.com "Common REST API error codes"; Azurite's table StorageErrorFactory has the
   * same text) and leaves the stored policies as they were.
   */
  @Test
  void setAcl_withMalformedXmlOrTime_returns400InXml_andChangesNothing() {
    TableClient client = newTable();
    client.setAccessPolicies(List.of(policy("kept")));
    String table = client.getTableName();

    RawResponse malformed = raw.put(table + "?comp=acl").xml("<SignedIdentifiers><Signed").send();
    assertXmlError(malformed, 400, "InvalidXmlDocument");
    assertThat(malformed.bodyText())
        .contains(
            "<m:message xml:lang=\"en-US\">XML specified is not syntactically valid.\nRequestId:");
    assertXmlError(raw.put(table + "?comp=acl").xml("<Other/>").send(), 400, "InvalidXmlDocument");
    assertXmlError(
        raw.put(table + "?comp=acl")
            .xml(
                "<SignedIdentifiers><SignedIdentifier><Id>x</Id><AccessPolicy>"
                    + "<Start>yesterday</Start></AccessPolicy></SignedIdentifier></SignedIdentifiers>")
            .send(),
        400,
        "InvalidXmlNodeValue");
    assertThat(ids(client)).containsExactly("kept");
  }

  @Test
  void setAcl_withAnExternalEntity_neverReadsIt() {
    String table = newTable().getTableName();
    String body =
        "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
            + "<SignedIdentifiers><SignedIdentifier><Id>&e;</Id></SignedIdentifier></SignedIdentifiers>";

    RawResponse response = raw.put(table + "?comp=acl").xml(body).send();

    assertXmlError(response, 400, "InvalidXmlDocument");
    assertThat(raw.get(table + "?comp=acl").send().bodyText()).doesNotContain("root:");
  }

  @Test
  void acl_ofAMissingTable_returns404TableNotFoundInXml() {
    assertXmlError(raw.get("nosuchtable?comp=acl").send(), 404, "TableNotFound");
    assertXmlError(
        raw.put("nosuchtable?comp=acl").xml("<SignedIdentifiers/>").send(), 404, "TableNotFound");
  }

  @Test
  void accessPolicies_areGoneWhenTheTableIsDeletedAndCreatedAgain() {
    TableClient table = newTable();
    table.setAccessPolicies(List.of(policy("kept")));

    service.deleteTable(table.getTableName());
    TableClient again = service.createTable(table.getTableName());

    assertThat(ids(again)).isEmpty();
  }

  private static TableSignedIdentifier policy(String id) {
    return new TableSignedIdentifier(id)
        .setAccessPolicy(new TableAccessPolicy().setExpiresOn(EXPIRY).setPermissions("r"));
  }

  /** The policy ids; the SDK reports an empty list of policies as null. */
  private static List<String> ids(TableClient table) {
    List<TableSignedIdentifier> identifiers = table.getAccessPolicies().getIdentifiers();
    return identifiers == null
        ? List.of()
        : identifiers.stream().map(TableSignedIdentifier::getId).toList();
  }

  /** An XML operation's error: status, x-ms-error-code, and the code inside the XML body. */
  /**
   * The XML operations' errors are OData XML errors, without a byte order mark (a real account's
   * answers: Azure/azure-sdk-for-python recording
   * test_table.pyTestTabletest_set_table_acl_too_many_ids.json).
   */
  static void assertXmlError(RawResponse response, int status, String code) {
    assertError(response, status, code);
    assertThat(response.header("Content-Type")).isEqualTo("application/xml");
    assertThat(response.bodyText())
        .startsWith(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><m:error xmlns:m=\""
                + "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata\"><m:code>"
                + code
                + "</m:code><m:message xml:lang=\"en-US\">")
        .endsWith("</m:message></m:error>");
  }
}
