package dev.tabula.protocol.batch;

import dev.tabula.core.BatchOperation;
import dev.tabula.model.Entity;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.json.EntityJsonWriter;
import dev.tabula.protocol.json.ErrorJsonWriter;
import dev.tabula.protocol.json.ODataContext;
import dev.tabula.protocol.operations.ReturnPreference;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The response part of each operation, header for header as the service writes them (captures in
 * the SDK recordings named in {@link BatchResponseWriter}):
 *
 * <ul>
 *   <li>insert: 204 with {@code Preference-Applied: return-no-content} when asked, else 201 with
 *       the entity; {@code DataServiceVersion: 3.0;}, Location, DataServiceId and ETag;
 *   <li>update, merge and their upserts: 204, {@code DataServiceVersion: 1.0;} and the ETag;
 *   <li>delete: 204 and {@code DataServiceVersion: 1.0;};
 *   <li>a failure: its status and the OData error whose message starts with the operation's 0-based
 *       index, {@code 3:The specified entity already exists.\nRequestId:…\nTime:…} (except for the
 *       failures {@link #indexed} names, alone in their change set). A failure of the operations as
 *       executed carries Cache-Control and the Preference-Applied of its Prefer (.NET recording
 *       {@code BatchError}, 2021); one found while reading the batch carries neither (JavaScript
 *       recording {@code should_handle_sub_request_error}, 2020).
 * </ul>
 *
 * A Content-ID sent among the operation's headers comes first. Stateless and thread-safe.
 */
final class PartResponses {
  private static final String NOSNIFF = "nosniff";

  private PartResponses() {}

  /** The part of an operation that committed; {@code stored} is null for a delete. */
  static PartResponse success(ParsedOperation op, Entity stored, PartEcho echo) {
    Map<String, String> h = start(echo);
    h.put("Cache-Control", "no-cache");
    if (op.operation().kind() != BatchOperation.Kind.INSERT) {
      h.put("DataServiceVersion", "1.0;");
      if (stored != null) {
        h.put("ETag", stored.etag().value());
      }
      return new PartResponse(204, h, null);
    }
    boolean noContent = op.returnPreference() == ReturnPreference.NO_CONTENT;
    echo.preferenceApplied().ifPresent(applied -> h.put("Preference-Applied", applied));
    h.put("DataServiceVersion", "3.0;");
    byte[] body = null;
    if (!noContent) {
      h.put("Content-Type", op.level().contentType());
      body = EntityJsonWriter.writeEntity(stored, op.odata(), op.level(), null);
    }
    String location = op.odata().entityId(stored.partitionKey(), stored.rowKey());
    h.put("Location", location);
    h.put("DataServiceId", location);
    h.put("ETag", stored.etag().value());
    return new PartResponse(noContent ? 204 : 201, h, body);
  }

  /**
   * The part of the failing operation.
   *
   * @param executed whether the failure came from executing the operations (a precondition or a
   *     limit of the stored entity) rather than from reading them
   * @param index the operation's 0-based index to start the message with, or null for none (see
   *     {@link #indexed})
   * @param trailer the service's {@code \nRequestId:…\nTime:…} ending of every error message
   */
  static PartResponse failure(
      Integer index, TableException error, PartEcho echo, boolean executed, String trailer) {
    Map<String, String> h = start(echo);
    if (executed) {
      h.put("Cache-Control", "no-cache");
      echo.preferenceApplied().ifPresent(applied -> h.put("Preference-Applied", applied));
    }
    h.put("DataServiceVersion", "3.0;");
    h.put("Content-Type", echo.level().contentType());
    String prefix = index == null ? "" : index + ":";
    String message = prefix + error.getMessage() + trailer;
    return new PartResponse(
        error.code().status(), h, ErrorJsonWriter.write(error.code().code(), message));
  }

  /**
   * Whether the failure's message starts with the operation's index. The service leaves it out when
   * a change set of one operation fails on the entity itself: a missing or taken entity, a failed
   * If-Match, a value or key over its size limit (CloudStub's real-account batch tests of one
   * operation: "The specified resource does not exist.", "The specified entity already exists.",
   * "The update condition specified in the request was not satisfied.", "The property value exceeds
   * the maximum allowed size (64KB)…", all unprefixed). A change set of two or more keeps it
   * ("3:The specified entity already exists.", .NET recording {@code BatchError}), and so does
   * every failure found while reading the request, even alone: a missing table, a bad key or
   * DateTime ("0:The table specified does not exist.", "0:One of the request inputs is out of
   * range.", "0:The 'DateTimeProp' parameter of value '…' is out of range.", CloudStub).
   * EntityTooLarge, a size limit of the stored entity like PropertyValueTooLarge, is taken to
   * behave as it does; no record of it alone in a batch was found.
   */
  static boolean indexed(int operations, TableErrorCode code) {
    if (operations > 1) {
      return true;
    }
    return switch (code) {
      case RESOURCE_NOT_FOUND,
          ENTITY_ALREADY_EXISTS,
          UPDATE_CONDITION_NOT_SATISFIED,
          PROPERTY_VALUE_TOO_LARGE,
          ENTITY_TOO_LARGE ->
          false;
      default -> true;
    };
  }

  /** The part of a lone retrieve that found its entity (Azurite's capture of the service). */
  static PartResponse entity(Entity entity, ODataContext odata, PartEcho echo, Set<String> select) {
    Map<String, String> h = new LinkedHashMap<>();
    if (echo.contentId() != null) {
      h.put("Content-ID", echo.contentId());
    }
    h.put("DataServiceVersion", "3.0;");
    h.put("Content-Type", echo.level().contentType());
    h.put("X-Content-Type-Options", NOSNIFF);
    h.put("Cache-Control", "no-cache");
    h.put("ETag", entity.etag().value());
    return new PartResponse(
        200, h, EntityJsonWriter.writeEntity(entity, odata, echo.level(), select));
  }

  private static Map<String, String> start(PartEcho echo) {
    Map<String, String> h = new LinkedHashMap<>();
    if (echo.contentId() != null) {
      h.put("Content-ID", echo.contentId());
    }
    h.put("X-Content-Type-Options", NOSNIFF);
    return h;
  }
}
