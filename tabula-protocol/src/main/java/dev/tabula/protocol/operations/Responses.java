package dev.tabula.protocol.operations;

import dev.tabula.model.Entity;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.http.StreamedBody;
import dev.tabula.protocol.json.MetadataLevel;
import java.util.function.Supplier;

/** Builders for the shapes of success response the operations share. */
final class Responses {
  /** The OData version every OData operation answers with. */
  static final String DATA_SERVICE_VERSION = "3.0;";

  private Responses() {}

  /** An OData response with a JSON body at the negotiated metadata level. */
  static ServiceResponse json(int status, MetadataLevel level, byte[] body) {
    return new ServiceResponse(status)
        .header("DataServiceVersion", DATA_SERVICE_VERSION)
        .body(level.contentType(), body);
  }

  /** The same with a body written on demand by the transport, for answers that can be large. */
  static ServiceResponse json(int status, MetadataLevel level, StreamedBody body) {
    return new ServiceResponse(status)
        .header("DataServiceVersion", DATA_SERVICE_VERSION)
        .body(level.contentType(), body);
  }

  /** An OData response without a body. */
  static ServiceResponse noContent() {
    return new ServiceResponse(204).header("DataServiceVersion", DATA_SERVICE_VERSION);
  }

  /** A 204 carrying the stored entity's ETag, as Update, Merge and the upserts answer. */
  static ServiceResponse noContentWithETag(Entity stored) {
    return noContent().header("ETag", stored.etag().value());
  }

  /**
   * Applies the Prefer outcome of an insert: {@code return-no-content} gives 204, otherwise 201
   * with a body; Preference-Applied is sent only when the client expressed a preference.
   */
  static ServiceResponse preferred(
      ReturnPreference preference, MetadataLevel level, Supplier<byte[]> body) {
    ServiceResponse response =
        preference == ReturnPreference.NO_CONTENT
            // The SDKs ask for no content on every insert, so the body is only rendered when sent.
            ? noContent()
            : json(201, level, body.get());
    preference.applied().ifPresent(applied -> response.header("Preference-Applied", applied));
    return response;
  }
}
