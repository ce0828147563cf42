package dev.tabula.tools.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tabula.tools.entity.EntityJson;
import dev.tabula.tools.entity.TransferEntity;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;

/**
 * JSON Lines: each entity as one line of the service's OData JSON, with the Timestamp the source
 * gave it and the {@code @odata.type} annotations that keep each property's type. Characters
 * outside ASCII are written as themselves (UTF-8), line ends inside strings as {@code \n}.
 */
public final class JsonLinesWriter implements EntityWriter {
  private static final JsonFactory JSON = new JsonFactory();

  private final JsonGenerator json;
  private final Writer out;

  /** A writer to a stream, in UTF-8; closing closes the stream. */
  public JsonLinesWriter(OutputStream target) throws IOException {
    this.out =
        new java.io.BufferedWriter(
            new java.io.OutputStreamWriter(target, java.nio.charset.StandardCharsets.UTF_8),
            64 * 1024);
    this.json = JSON.createGenerator(out);
    json.setRootValueSeparator(null);
    json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
  }

  @Override
  public void write(TransferEntity entity) throws IOException {
    EntityJson.write(json, entity, true);
    json.flush();
    out.write('\n');
  }

  @Override
  public void close() throws IOException {
    json.close();
    out.close();
  }
}
