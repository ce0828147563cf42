package dev.tabula.protocol.batch;

import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.json.MetadataLevel;
import dev.tabula.protocol.operations.RequestOptions;
import dev.tabula.protocol.operations.ReturnPreference;
import java.util.Optional;

/**
 * What any response part of an operation echoes from its request, read without failing so that even
 * an operation that cannot be parsed gets a proper error part. Immutable.
 *
 * @param contentId the {@code Content-ID} among the operation's own headers, or null. The service
 *     echoes that one (a 2014 capture: {@code HTTP/1.1 409 Conflict\r\nContent-ID: 1}) but not a
 *     Content-ID in the MIME part headers, where Python puts it (azure-sdk-for-python recording
 *     {@code test_table_batch.test_batch_all_operations_together}: sent 0..5, none echoed)
 * @param returnPreference what the operation's Prefer expresses
 * @param level the metadata level for JSON bodies; minimal when its Accept is unusable
 */
record PartEcho(String contentId, ReturnPreference returnPreference, MetadataLevel level) {

  /** The echo of one operation. */
  static PartEcho of(SubRequest sub) {
    ServiceRequest request;
    try {
      request = sub.toServiceRequest(null);
    } catch (TableException unusableTarget) {
      request = new ServiceRequest(sub.method(), "/", sub.headers(), sub.body());
    }
    MetadataLevel level;
    try {
      level = MetadataLevel.negotiate(request.header("Accept"), request.queryParameter("$format"));
    } catch (TableException unsupported) {
      level = MetadataLevel.MINIMAL_METADATA;
    }
    return new PartEcho(
        request.header("Content-ID"), RequestOptions.returnPreference(request), level);
  }

  /** The Preference-Applied value for this echo's Prefer, empty when it expressed none. */
  Optional<String> preferenceApplied() {
    return returnPreference.applied();
  }
}
