package dev.tabula.protocol.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ResourceParserTest {
  private final ResourceParser parser = new ResourceParser(Set.of("devstoreaccount1", "acct"));

  private Resource parse(String uri, String host) {
    return parser.parse(
        new ServiceRequest("GET", uri, Map.of("Host", List.of(host)), new byte[0]), "http");
  }

  private Resource parse(String uri) {
    return parse(uri, "127.0.0.1:10002");
  }

  @Test
  void pathStyle_tables() {
    Resource r = parse("/devstoreaccount1/Tables");
    assertThat(r.kind()).isEqualTo(ResourceKind.TABLES);
    assertThat(r.account()).isEqualTo("devstoreaccount1");
    assertThat(r.serviceRoot()).isEqualTo("http://127.0.0.1:10002/devstoreaccount1");
  }

  @Test
  void hostStyle_usesFirstHostLabelAsAccount() {
    Resource r = parse("/Tables('Orders')", "acct.table.example.com");
    assertThat(r.kind()).isEqualTo(ResourceKind.TABLE_BY_NAME);
    assertThat(r.table()).isEqualTo("Orders");
    assertThat(r.serviceRoot()).isEqualTo("http://acct.table.example.com");
  }

  private Resource parseAsking(String uri, String extensions) {
    return parser.parse(
        new ServiceRequest(
            "GET",
            uri,
            Map.of("Host", List.of("127.0.0.1:10002"), "x-tabula-extensions", List.of(extensions)),
            new byte[0]),
        "http");
  }

  @Test
  void countPath_isACountOnlyWhenTheRequestAskedForIt() {
    assertThat(parseAsking("/acct/Orders()/$count", "count").kind())
        .isEqualTo(ResourceKind.TABLE_COUNT);
    assertThat(parseAsking("/acct/Orders/%24count?$filter=x", "count").table()).isEqualTo("Orders");
    for (String other :
        List.of(
            "/acct/Orders()/$value",
            "/acct/Tables/$count",
            "/acct/O(PartitionKey='a',RowKey='b')/$count")) {
      assertThatThrownBy(() -> parseAsking(other, "count"))
          .isInstanceOfSatisfying(
              TableException.class,
              e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_URI));
    }
    assertThatThrownBy(() -> parseAsking("/acct/Orders()/$count", "startswith"))
        .isInstanceOfSatisfying(
            TableException.class, e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_URI));
    assertThatThrownBy(() -> parse("/acct/Orders()/$count"))
        .isInstanceOfSatisfying(
            TableException.class, e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_URI));
  }

  @Test
  void tableWithAndWithoutParentheses_isTableResource() {
    assertThat(parse("/acct/Orders").kind()).isEqualTo(ResourceKind.TABLE);
    assertThat(parse("/acct/Orders()").kind()).isEqualTo(ResourceKind.TABLE);
    assertThat(parse("/acct/Orders()?$top=1").table()).isEqualTo("Orders");
  }

  @Test
  void entity_keysArePercentDecodedAndQuotesUndoubled() {
    Resource r = parse("/acct/Orders(PartitionKey='a%20b',RowKey='it''s%25x')");
    assertThat(r.kind()).isEqualTo(ResourceKind.ENTITY);
    assertThat(r.key()).isEqualTo(new EntityKey("a b", "it's%x"));
  }

  @Test
  void entity_keysInEitherOrderAndCommasInsideValues() {
    Resource r = parse("/acct/t(RowKey='x,y',PartitionKey='')");
    assertThat(r.key()).isEqualTo(new EntityKey("", "x,y"));
  }

  @Test
  void batchAndServiceRoot() {
    assertThat(parse("/acct/$batch").kind()).isEqualTo(ResourceKind.BATCH);
    assertThat(parse("/acct").kind()).isEqualTo(ResourceKind.SERVICE);
    assertThat(parse("/acct/").kind()).isEqualTo(ResourceKind.SERVICE);
  }

  @Test
  void secondaryEndpoint_pathStyle_isTheAccountsOwnResourceMarkedSecondary() {
    Resource r = parse("/devstoreaccount1-secondary/t(PartitionKey='a',RowKey='b')");
    assertThat(r.account()).isEqualTo("devstoreaccount1");
    assertThat(r.kind()).isEqualTo(ResourceKind.ENTITY);
    assertThat(r.secondary()).isTrue();
    assertThat(r.serviceRoot()).isEqualTo("http://127.0.0.1:10002/devstoreaccount1-secondary");
    assertThat(parse("/devstoreaccount1/Tables").secondary()).isFalse();
    assertThat(parse("/acct-secondary/t?comp=acl").kind()).isEqualTo(ResourceKind.TABLE_ACL);
    assertThat(parse("/acct-secondary/t?comp=acl").secondary()).isTrue();
  }

  @Test
  void secondaryEndpoint_hostStyle_usesTheHostsFirstLabel() {
    Resource r = parse("/Tables", "acct-secondary.table.example.com");
    assertThat(r.account()).isEqualTo("acct");
    assertThat(r.kind()).isEqualTo(ResourceKind.TABLES);
    assertThat(r.secondary()).isTrue();
    assertThat(r.serviceRoot()).isEqualTo("http://acct-secondary.table.example.com");
  }

  /**
   * Python 12.4.2 asks /devstoreaccount1-secondary/devstoreaccount1/?restype=service&comp=stats.
   */
  @Test
  void secondaryEndpoint_pythonsFormWithTheAccountRepeated_skipsTheRepeat() {
    Resource root =
        parse("/devstoreaccount1-secondary/devstoreaccount1/?restype=service&comp=stats");
    assertThat(root.kind()).isEqualTo(ResourceKind.SERVICE);
    assertThat(root.secondary()).isTrue();
    Resource tables = parse("/devstoreaccount1-secondary/devstoreaccount1/Tables");
    assertThat(tables.kind()).isEqualTo(ResourceKind.TABLES);
    // A table named like the account, without the slash, is still that table.
    assertThat(parse("/devstoreaccount1-secondary/devstoreaccount1").table())
        .isEqualTo("devstoreaccount1");
  }

  @Test
  void secondaryOfAnUnknownAccount_isInvalidUri() {
    assertThatThrownBy(() -> parse("/nobody-secondary/Tables"))
        .isInstanceOfSatisfying(
            TableException.class, e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_URI));
  }

  @Test
  void unknownAccount_isInvalidUri() {
    assertThatThrownBy(() -> parse("/nobody/Tables"))
        .isInstanceOfSatisfying(
            TableException.class, e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_URI));
  }

  @Test
  void extraSegments_areInvalidUri() {
    assertThatThrownBy(() -> parse("/acct/Orders/extra"))
        .isInstanceOfSatisfying(
            TableException.class, e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_URI));
  }

  @Test
  void malformedKeyPredicates_areInvalidInput() {
    for (String bad :
        List.of(
            "/acct/t(PartitionKey='a')",
            "/acct/t(PartitionKey='a',RowKey=b)",
            "/acct/t(PartitionKey='a',RowKey='b',Other='c')",
            "/acct/t(PartitionKey='a,RowKey='b')",
            "/acct/t(PartitionKey='a',PartitionKey='b')")) {
      assertThatThrownBy(() -> parse(bad))
          .as(bad)
          .isInstanceOfSatisfying(
              TableException.class,
              e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_INPUT));
    }
  }

  /** Issue 17, item 15: one trailing slash addresses the same resource. */
  @Test
  void oneTrailingSlash_addressesTheSameResource() {
    assertThat(parse("/acct/Tables/").kind()).isEqualTo(ResourceKind.TABLES);
    assertThat(parse("/acct/Tables('t')/").table()).isEqualTo("t");
    assertThat(parse("/acct/Orders/").table()).isEqualTo("Orders");
    assertThat(parse("/acct/Orders()/").kind()).isEqualTo(ResourceKind.TABLE);
    assertThat(parse("/acct/Orders(PartitionKey='a',RowKey='b')/").key())
        .isEqualTo(new EntityKey("a", "b"));
    assertThat(parse("/acct/$batch/").kind()).isEqualTo(ResourceKind.BATCH);
    assertThat(parse("/Tables/", "acct.table.example.com").kind()).isEqualTo(ResourceKind.TABLES);
    assertThatThrownBy(() -> parse("/acct/Tables//"))
        .isInstanceOfSatisfying(
            TableException.class, e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_URI));
  }

  /** Issue 17, item 14: a malformed escape in the path is 400 InvalidUri, not a failure. */
  @Test
  void malformedEscapesInThePath_areInvalidUri() {
    for (String bad :
        List.of(
            "/acct/t%zz",
            "/acct/t(PartitionKey='%zz',RowKey='b')",
            "/acct/t%2",
            "/acct/t(PartitionKey='%C3%28',RowKey='b')")) {
      assertThatThrownBy(() -> parse(bad))
          .as(bad)
          .isInstanceOfSatisfying(
              TableException.class,
              e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_URI));
    }
  }

  /** Issue 17, item 17: inside a path-style batch, a path without the account is the batch's. */
  @Test
  void batchAccount_resolvesAPathThatNamesNoAccount() {
    ServiceRequest request =
        new ServiceRequest(
            "PUT",
            "/Orders(PartitionKey='a',RowKey='b')",
            Map.of("Host", List.of("127.0.0.1:10002")),
            new byte[0]);

    Resource r = parser.parse(request, "http", "acct");

    assertThat(r.account()).isEqualTo("acct");
    assertThat(r.table()).isEqualTo("Orders");
    assertThat(r.serviceRoot()).isEqualTo("http://127.0.0.1:10002/acct");
    assertThat(
            parser
                .parse(
                    new ServiceRequest(
                        "POST",
                        "/devstoreaccount1/Orders",
                        Map.of("Host", List.of("127.0.0.1:10002")),
                        new byte[0]),
                    "http",
                    "acct")
                .account())
        .isEqualTo("devstoreaccount1");
    assertThatThrownBy(() -> parser.parse(request, "http"))
        .isInstanceOfSatisfying(
            TableException.class, e -> assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_URI));
  }
}
