package dev.tabula.protocol.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Request bodies in the exact forms the SDKs send ({@link SdkBatchBodies}) and malformed ones. */
class BatchRequestParserTest {

  private static List<SubRequest> changeSet(String contentType, String body) {
    BatchRequest parsed =
        BatchRequestParser.parse(contentType, body.getBytes(StandardCharsets.UTF_8));
    assertThat(parsed).isInstanceOf(BatchRequest.ChangeSet.class);
    return ((BatchRequest.ChangeSet) parsed).operations();
  }

  private static String body(SubRequest sub) {
    return new String(sub.body(), StandardCharsets.UTF_8);
  }

  /** azure-sdk-for-net recording BatchInsertAndMergeAndDelete (2020), Azure.Data.Tables. */
  @Test
  void dotNetForm_absoluteUrlsWithFormatHostAndVersionInside() {
    String body = SdkBatchBodies.DOTNET;

    List<SubRequest> ops =
        changeSet("multipart/mixed; boundary=batch_7684ffcf-b1d4-948c-7c97-8de64ee0fcf2", body);

    assertThat(ops).extracting(SubRequest::method).containsExactly("POST", "PUT", "DELETE");
    assertThat(ops.get(0).target())
        .isEqualTo(
            "https://chrissscratch.table.core.windows.net/testtableaf7yvuz4"
                + "?$format=application%2Fjson%3Bodata%3Dminimalmetadata");
    assertThat(ops.get(0).header("Prefer")).isEqualTo("return-no-content");
    assertThat(body(ops.get(0))).startsWith("{\"StringTypeProperty\"").endsWith("null}");
    assertThat(ops.get(1).header("if-match")).isEqualTo("*");
    assertThat(body(ops.get(2))).isEmpty();
    assertThat(ops.get(1).toServiceRequest(null).header("Host"))
        .isEqualTo("chrissscratch.table.core.windows.net");
    assertThat(ops.get(1).toServiceRequest(null).rawPath())
        .isEqualTo("/testtableaf7yvuz4(PartitionKey='somPartition',RowKey='01')");
  }

  /** azure-sdk-for-python recording test_batch_all_operations_together (2020). */
  @Test
  void pythonForm_contentIdAsPartHeaderAndPatchForMerge() {
    String body = SdkBatchBodies.PYTHON;

    List<SubRequest> ops =
        changeSet("multipart/mixed; boundary=batch_e32dba7b-c3a7-4784-86ad-eeaa2114b928", body);

    assertThat(ops).extracting(SubRequest::method).containsExactly("POST", "DELETE", "PATCH");
    assertThat(ops.get(2).partHeaders().get("content-id")).containsExactly("2");
    assertThat(ops.get(2).header("Content-ID")).as("not an operation header").isNull();
    assertThat(body(ops.get(1))).isEmpty();
    assertThat(body(ops.get(2))).startsWith("{\"test3\": 10");
  }

  /** The Java SDK 12.5.9 as captured from its own serializer: MERGE, absolute URL, CRLF. */
  @Test
  void javaForm_mergeVerbAndNoContentIds() {
    String body = SdkBatchBodies.JAVA;

    List<SubRequest> ops =
        changeSet("multipart/mixed; boundary=batch_175a51d7-7661-49b8-8f9d-b6bf7a19d66f", body);

    assertThat(ops).singleElement().extracting(SubRequest::method).isEqualTo("MERGE");
    assertThat(ops.get(0).toServiceRequest(null).rawPath())
        .isEqualTo("/devstoreaccount1/people(PartitionKey='pk',RowKey='r2')");
  }

  /**
   * The JavaScript SDK (recording should_send_a_set_of_create_batch_operations, 2020): lower-case
   * part headers, an empty line after the change set header, and no closing {@code --} on the
   * batch; the older azure-storage form puts {@code charset} before the boundary.
   */
  @Test
  void javaScriptForm_unclosedBatchAndCharsetParameter() {
    String body = SdkBatchBodies.JAVASCRIPT;

    List<SubRequest> ops = changeSet("multipart/mixed; boundary=batch_fakeId", body);

    assertThat(ops).hasSize(2);
    assertThat(body(ops.get(0)).trim())
        .isEqualTo("{\"PartitionKey\":\"batchTest\",\"RowKey\":\"1\",\"name\":\"first\"}");
    assertThat(ops.get(1).header("Content-ID")).isEqualTo("1");
  }

  /** Azure Functions tooling sends bare LF lines (Azurite's BatchFuncToolsDeleteString). */
  @Test
  void bareLineFeeds_areAccepted() {
    String body =
        """
        --batch_e6bedae0
        Content-Type: multipart/mixed; boundary=changeset_f3679e9d

        --changeset_f3679e9d
        Content-Type: application/http
        Content-Transfer-Encoding: binary

        DELETE http://127.0.0.1:10002/devstoreaccount1/TestHubNameHistory(PartitionKey='00000000EDGC5674',RowKey='0000000000000000') HTTP/1.1
        Accept: application/json;odata=minimalmetadata
        If-Match: W/"datetime'2023-03-17T15%3A06%3A18.3075721Z'"

        --changeset_f3679e9d--
        --batch_e6bedae0--""";

    List<SubRequest> ops = changeSet("multipart/mixed; boundary=batch_e6bedae0", body);

    assertThat(ops)
        .singleElement()
        .extracting(s -> s.header("If-Match"))
        .isEqualTo("W/\"datetime'2023-03-17T15%3A06%3A18.3075721Z'\"");
  }

  /** A lone retrieve, as the azure-storage JavaScript client sends it (no change set). */
  @Test
  void loneGet_isAQuery() {
    String body =
        """
        --batch_d737
        content-type: application/http
        content-transfer-encoding: binary

        GET http://127.0.0.1:11002/devstoreaccount1/t1(PartitionKey=%27part1%27,RowKey=%27row1%27) HTTP/1.1
        accept: application/json;odata=minimalmetadata

        --batch_d737--""";

    BatchRequest parsed =
        BatchRequestParser.parse(
            "multipart/mixed; boundary=batch_d737", body.getBytes(StandardCharsets.UTF_8));

    assertThat(parsed).isInstanceOf(BatchRequest.Query.class);
    assertThat(((BatchRequest.Query) parsed).operation().method()).isEqualTo("GET");
  }

  @Test
  void twoChangeSets_areRefused() {
    String one =
        "--cs1\nContent-Type: application/http\n\nDELETE /a/t(PartitionKey='p',RowKey='r') HTTP/1.1\n"
            + "If-Match: *\n\n\n--cs1--\n";
    String body =
        "--b\nContent-Type: multipart/mixed; boundary=cs1\n\n"
            + one
            + "--b\nContent-Type: multipart/mixed; boundary=cs1\n\n"
            + one
            + "--b--\n";

    assertInvalid("multipart/mixed; boundary=b", body);
  }

  @Test
  void changeSetWithARetrieve_isRefused() {
    String body =
        "--b\nContent-Type: multipart/mixed; boundary=cs\n\n--cs\nContent-Type: application/http\n\n"
            + "DELETE /a/t(PartitionKey='p',RowKey='r') HTTP/1.1\nIf-Match: *\n\n\n--cs--\n"
            + "--b\nContent-Type: application/http\n\nGET /a/t(PartitionKey='p',RowKey='r') HTTP/1.1\n\n\n"
            + "--b--\n";

    assertInvalid("multipart/mixed; boundary=b", body);
  }

  @Test
  void malformedBatches_areRefusedAsInvalidInput() {
    String part = "Content-Type: application/http\n\nDELETE /a/t HTTP/1.1\n\n";
    assertInvalid("application/json", "--b\n" + part + "--b--");
    assertInvalid("multipart/mixed", "--b\n" + part + "--b--");
    assertInvalid("multipart/mixed; boundary=b", "no delimiter at all");
    assertInvalid(
        "multipart/mixed; boundary=b",
        "--b\nContent-Type: multipart/mixed; boundary=c\n\n--c--\n--b--");
    assertInvalid(
        "multipart/mixed; boundary=b",
        "--b\nContent-Type: text/plain\n\nDELETE /a HTTP/1.1\n\n--b--");
    assertInvalid(
        "multipart/mixed; boundary=b", "--b\nContent-Type: application/http\n\nDELETE\n\n--b--");
    assertInvalid(
        "multipart/mixed; boundary=b",
        "--b\nContent-Type: application/http\n\nDELETE /x HTTP/1.1\nno colon\n\n--b--");
    assertInvalid(
        "multipart/mixed; boundary=b",
        "--b\nContent-Type: application/http\n\nGET /x HTTP/1.1\n\n{truncated");
    assertInvalid("multipart/mixed; boundary=b", "--b\n" + part + "--b\n" + part + "--b--");
  }

  private static void assertInvalid(String contentType, String body) {
    TableException e =
        catchThrowableOfType(
            () -> BatchRequestParser.parse(contentType, body.getBytes(StandardCharsets.UTF_8)),
            TableException.class);
    assertThat(e).as(body).isNotNull();
    assertThat(e.code()).isEqualTo(TableErrorCode.INVALID_INPUT);
  }
}
