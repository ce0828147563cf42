package dev.tabula.server.console;

import dev.tabula.protocol.TableProtocol;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.tools.client.BatchAnswer;
import dev.tabula.tools.client.BatchBody;
import dev.tabula.tools.client.BatchOperation;
import dev.tabula.tools.client.BatchOutcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes rows of one partition as one entity group transaction through the console's {@link
 * TableProtocol}, with the command line's own request body ({@link BatchBody}) and answer reading
 * ({@link BatchAnswer}). A transaction is all or nothing: when the service refuses one operation
 * (an insert meeting an existing entity: 409 EntityAlreadyExists), that row is reported with the
 * service's code and the others are sent again without it; when it refuses the request as a whole,
 * every row is reported with that code.
 */
final class TableBatches {
  /** A row that was not written: its line in the file and the service's error code. */
  record Failure(long line, String code) {}

  /** A row to write: its line in the file and its operation. */
  record Row(long line, BatchOperation operation) {}

  private final TableProtocol protocol;
  private final String account;
  private final String table;

  TableBatches(TableProtocol protocol, String account, String table) {
    this.protocol = protocol;
    this.account = account;
    this.table = table;
  }

  /** Writes {@code rows} (one partition, at most 100); returns how many were written. */
  int write(List<Row> rows, List<Failure> failures) {
    List<Row> left = new ArrayList<>(rows);
    while (!left.isEmpty()) {
      BatchOutcome outcome = send(left);
      if (outcome.applied()) {
        return left.size();
      }
      String code = outcome.code() != null ? outcome.code() : String.valueOf(outcome.status());
      int index = outcome.failedIndex();
      if (index < 0 || index >= left.size()) {
        left.forEach(row -> failures.add(new Failure(row.line(), code)));
        return 0;
      }
      failures.add(new Failure(left.remove(index).line(), code));
    }
    return 0;
  }

  private BatchOutcome send(List<Row> rows) {
    List<BatchOperation> operations = rows.stream().map(Row::operation).toList();
    BatchBody body = BatchBody.of("http://localhost/" + account + "/" + table, operations);
    ServiceResponse response =
        ServiceCalls.call(
            protocol,
            "POST",
            "/" + account + "/$batch",
            "application/json;odata=minimalmetadata",
            body.contentType(),
            Arrays.copyOf(body.bytes(), body.length()));
    if (response.status() == 202) {
      return BatchAnswer.read(response.body(), 1);
    }
    String code = ServiceCalls.header(response, "x-ms-error-code");
    return new BatchOutcome(false, -1, response.status(), code, null, 1);
  }
}
