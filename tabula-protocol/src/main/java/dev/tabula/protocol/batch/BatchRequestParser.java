package dev.tabula.protocol.batch;

import dev.tabula.model.TableErrorCode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses a {@code $batch} request body into a {@link BatchRequest}. The batch's boundary comes from
 * the request's {@code Content-Type: multipart/mixed; boundary=…}; the body holds either one part
 * of type {@code multipart/mixed} with its own boundary (the change set), whose parts are each one
 * {@code application/http} operation, or one {@code application/http} part holding a lone GET.
 *
 * <p>Every failure here concerns the batch as a whole, so it is answered as a plain error, not as a
 * 202 naming an operation: MS-ODATA 2.2.7.6.6 answers a batch it cannot read with a 4xx, and the
 * service "fails before any operation in the change set is executed" ("Performing entity group
 * transactions"). All are 400 InvalidInput: a missing or non-multipart Content-Type or boundary, a
 * body with no parts, more than one change set (the documentation has the service process the first
 * and refuse the rest; refusing all keeps a batch all or nothing), a change set mixed with a
 * retrieve or more than one retrieve, an empty change set, and any part that is not a well-formed
 * {@code application/http} request. Stateless and thread-safe.
 */
final class BatchRequestParser {
  private BatchRequestParser() {}

  /** Parses a body sent with this Content-Type. */
  static BatchRequest parse(String contentType, byte[] body) {
    MediaType type = MediaType.parse(contentType);
    if (type == null || !type.isMultipartMixed() || type.boundary() == null) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    List<MimePart> parts =
        MultipartParser.parse(new String(body, StandardCharsets.ISO_8859_1), type.boundary());
    if (parts.size() != 1) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    MimePart only = parts.get(0);
    MediaType partType = only.mediaType();
    if (partType != null && partType.isMultipartMixed() && partType.boundary() != null) {
      return new BatchRequest.ChangeSet(operations(only, partType.boundary()));
    }
    return query(HttpPartParser.parse(only));
  }

  private static List<SubRequest> operations(MimePart changeSet, String boundary) {
    List<MimePart> parts = MultipartParser.parse(changeSet.content(), boundary);
    if (parts.isEmpty()) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    List<SubRequest> operations = new ArrayList<>(parts.size());
    for (MimePart part : parts) {
      operations.add(HttpPartParser.parse(part));
    }
    return operations;
  }

  private static BatchRequest query(SubRequest operation) {
    if (!operation.method().equals("GET")) {
      // Changes must travel in a change set; only a retrieve may stand alone.
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    return new BatchRequest.Query(operation);
  }
}
