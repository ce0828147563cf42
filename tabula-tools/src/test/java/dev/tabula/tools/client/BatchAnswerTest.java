package dev.tabula.tools.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Answers to entity group transactions in the documented form (learn.microsoft.com, "Performing
 * entity group transactions"): a 202 whose changeset holds one part per operation when applied, or
 * only the failing operation's part, its message prefixed with the operation's index.
 */
class BatchAnswerTest {

  @Test
  void everyPartSucceeded_isApplied() {
    String body =
        "--batchresponse_1\r\nContent-Type: multipart/mixed; boundary=changesetresponse_2\r\n\r\n"
            + "--changesetresponse_2\r\nContent-Type: application/http\r\n"
            + "Content-Transfer-Encoding: binary\r\n\r\nHTTP/1.1 204 No Content\r\n"
            + "Content-ID: 1\r\n\r\n"
            + "--changesetresponse_2\r\nContent-Type: application/http\r\n"
            + "Content-Transfer-Encoding: binary\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n"
            + "--changesetresponse_2--\r\n--batchresponse_1--\r\n";
    assertThat(BatchAnswer.read(bytes(body), 1)).isEqualTo(BatchOutcome.success(1));
  }

  @Test
  void theFailingPart_namesTheOperationAndTheCode() {
    String body =
        "--batchresponse_1\r\nContent-Type: multipart/mixed; boundary=changesetresponse_2\r\n\r\n"
            + "--changesetresponse_2\r\nContent-Type: application/http\r\n"
            + "Content-Transfer-Encoding: binary\r\n\r\nHTTP/1.1 409 Conflict\r\n"
            + "Content-Type: application/json;odata=minimalmetadata;charset=utf-8\r\n\r\n"
            + "{\"odata.error\":{\"code\":\"EntityAlreadyExists\",\"message\":{\"lang\":\"en-US\","
            + "\"value\":\"17:The specified entity already exists.\\nRequestId:x\\nTime:y\"}}}\r\n"
            + "--changesetresponse_2--\r\n--batchresponse_1--\r\n";
    BatchOutcome outcome = BatchAnswer.read(bytes(body), 2);
    assertThat(outcome.applied()).isFalse();
    assertThat(outcome.failedIndex()).isEqualTo(17);
    assertThat(outcome.status()).isEqualTo(409);
    assertThat(outcome.code()).isEqualTo("EntityAlreadyExists");
    assertThat(outcome.message()).isEqualTo("The specified entity already exists.");
    assertThat(outcome.attempts()).isEqualTo(2);
  }

  @Test
  void aFailureWithoutIndex_refusesTheWholeTransaction() {
    String body =
        "--batchresponse_1\r\n--changesetresponse_2\r\n\r\nHTTP/1.1 400 Bad Request\r\n\r\n"
            + "{\"odata.error\":{\"code\":\"InvalidInput\",\"message\":{\"value\":\"bad\"}}}\r\n"
            + "--changesetresponse_2--\r\n";
    BatchOutcome outcome = BatchAnswer.read(bytes(body), 1);
    assertThat(outcome.failedIndex()).isEqualTo(-1);
    assertThat(outcome.code()).isEqualTo("InvalidInput");
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
