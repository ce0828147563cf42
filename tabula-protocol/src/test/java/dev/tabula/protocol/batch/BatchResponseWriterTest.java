package dev.tabula.protocol.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.serializer.SerializerEncoding;
import com.azure.data.tables.implementation.TablesMultipartSerializer;
import com.azure.data.tables.models.TableTransactionActionResponse;
import dev.tabula.model.TableErrorCode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The response layout, checked against the service's captures and the Java SDK's own parser. */
class BatchResponseWriterTest {
  private static final String ETAG = "W/\"datetime'2020-10-02T23%3A12%3A22.4833905Z'\"";

  private static PartResponse noContent(String... headerPairs) {
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 0; i < headerPairs.length; i += 2) {
      headers.put(headerPairs[i], headerPairs[i + 1]);
    }
    return new PartResponse(204, headers, null);
  }

  private static TableTransactionActionResponse[] parseWithJavaSdk(byte[] body) throws Exception {
    return new TablesMultipartSerializer()
        .deserialize(
            new ByteArrayInputStream(body),
            TableTransactionActionResponse[].class,
            SerializerEncoding.JSON);
  }

  @Test
  void changeSet_hasTheServiceLayoutLineForLine() {
    BatchResponseWriter writer = new BatchResponseWriter();
    String text =
        new String(
            writer.changeSet(List.of(noContent("X-Content-Type-Options", "nosniff", "ETag", ETAG))),
            StandardCharsets.UTF_8);
    String batch = writer.contentType().substring("multipart/mixed; boundary=".length());
    String changeSet = text.substring(text.indexOf("boundary=") + 9, text.indexOf("\r\n\r\n"));

    // The JavaScript SDK recording should_send_a_set_of_create_batch_operations, 2020.
    assertThat(text)
        .isEqualTo(
            "--"
                + batch
                + "\r\n"
                + "Content-Type: multipart/mixed; boundary="
                + changeSet
                + "\r\n\r\n"
                + "--"
                + changeSet
                + "\r\n"
                + "Content-Type: application/http\r\n"
                + "Content-Transfer-Encoding: binary\r\n\r\n"
                + "HTTP/1.1 204 No Content\r\n"
                + "X-Content-Type-Options: nosniff\r\n"
                + "ETag: "
                + ETAG
                + "\r\n\r\n\r\n"
                + "--"
                + changeSet
                + "--\r\n"
                + "--"
                + batch
                + "--\r\n");
    assertThat(batch).startsWith("batchresponse_");
    assertThat(changeSet).startsWith("changesetresponse_");
  }

  @Test
  void javaSdkParser_readsEveryOperationStatusAndHeader() throws Exception {
    byte[] json = "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}".getBytes(StandardCharsets.UTF_8);
    Map<String, String> created = new LinkedHashMap<>();
    created.put(
        "Content-Type", "application/json;odata=minimalmetadata;streaming=true;charset=utf-8");
    created.put("ETag", ETAG);
    byte[] body =
        new BatchResponseWriter()
            .changeSet(
                List.of(
                    noContent("ETag", ETAG),
                    new PartResponse(201, created, json),
                    noContent("DataServiceVersion", "1.0;")));

    TableTransactionActionResponse[] parsed = parseWithJavaSdk(body);

    assertThat(parsed)
        .extracting(TableTransactionActionResponse::getStatusCode)
        .containsExactly(204, 201, 204);
  }

  @Test
  void javaSdkParser_readsTheFailedOperationWithItsIndex() throws Exception {
    PartResponse failure =
        PartResponses.failure(
            3,
            TableErrorCode.ENTITY_ALREADY_EXISTS.exception(),
            new PartEcho(
                null,
                dev.tabula.protocol.operations.ReturnPreference.NO_CONTENT,
                dev.tabula.protocol.json.MetadataLevel.MINIMAL_METADATA),
            true,
            "\nRequestId:r\nTime:t");

    TableTransactionActionResponse[] parsed =
        parseWithJavaSdk(new BatchResponseWriter().changeSet(List.of(failure)));

    assertThat(parsed)
        .singleElement()
        .extracting(TableTransactionActionResponse::getStatusCode)
        .isEqualTo(409);
    // The SDK reads the index out of this body; MemoryEntityGroupTransactionIT checks it does.
    assertThat(parsed[0].getValue()).isNotNull();
    assertThat(failure.headers()).containsEntry("Preference-Applied", "return-no-content");
  }
}
