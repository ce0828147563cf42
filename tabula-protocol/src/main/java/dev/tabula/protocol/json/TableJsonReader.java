package dev.tabula.protocol.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tabula.model.TableErrorCode;
import java.io.IOException;

/**
 * Reads the Create Table body, {@code {"TableName":"mytable"}}. Other members (annotations a client
 * may add) are ignored. Stateless and thread-safe.
 */
public final class TableJsonReader {
  private static final String TABLE_NAME = "TableName";

  private TableJsonReader() {}

  /**
   * The table name as sent, not yet validated against the naming rules.
   *
   * @throws dev.tabula.model.TableException 400 {@code InvalidInput} when the body is empty, not
   *     one JSON object, or lacks a string {@code TableName} (or gives it twice)
   */
  public static String readTableName(byte[] body) {
    if (body == null || body.length == 0) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    String name = null;
    try (JsonParser parser = JsonCodec.parser(body)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw TableErrorCode.INVALID_INPUT.exception();
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        boolean isName = TABLE_NAME.equals(parser.currentName());
        JsonToken value = parser.nextToken();
        if (!isName) {
          parser.skipChildren();
        } else if (value != JsonToken.VALUE_STRING || name != null) {
          throw TableErrorCode.INVALID_INPUT.exception();
        } else {
          name = JsonCodec.requireWellFormed(parser.getText());
        }
      }
      if (parser.nextToken() != null) {
        throw TableErrorCode.INVALID_INPUT.exception();
      }
    } catch (IOException malformed) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    if (name == null) {
      throw TableErrorCode.INVALID_INPUT.exception();
    }
    return name;
  }
}
