package dev.tabula.tools.entity;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Finds the lines of a JSON Lines file that can go to the service as they are, and keeps each as a
 * {@link VerbatimEntity}: the keys are read, every other value is only stepped over (Jackson checks
 * the JSON without turning strings into Java text), and the members the service must not receive
 * ({@code odata.*} metadata, the source's Timestamp and its annotation) are cut out.
 *
 * <p>A line is kept only when the service reads its bytes exactly as it reads what {@link
 * EntityJson#write} makes of {@link EntityJson#read}'s result: one object of scalar members, string
 * keys given once, each property once, annotations only for the types written with one ({@link
 * EdmType#annotated()}), before their value, of the JSON kind that type is written as. Anything
 * else (a null, a nested value, an annotation after its value or for a type written without one, a
 * Double or Int64 in the other JSON kind, malformed JSON) returns null, and the caller reads the
 * line the full way, which converts it or says precisely what is wrong. Not thread-safe: one per
 * reader.
 */
public final class EntityJsonScanner {
  private static final String ANNOTATION = "@odata.type";
  private static final JsonFactory JSON = new JsonFactory();

  private final Set<String> properties = new HashSet<>();
  private final Map<String, EdmType> annotations = new HashMap<>();
  private final ByteArrayOutputStream spliced = new ByteArrayOutputStream(4096);

  /** What becomes of one member of the object. */
  private enum Member {
    KEEP,
    CUT,
    /** The line cannot go as it is. */
    NOT_AS_IS
  }

  /** Kept members' byte ranges: {@code [ranges[2i], ranges[2i+1])}. */
  private int[] ranges = new int[64];

  private int rangeCount;
  private @Nullable String partitionKey;
  private @Nullable String rowKey;
  private @Nullable String timestamp;

  /** The line {@code bytes[0..length)} as an entity to send unchanged, or null (see above). */
  public @Nullable VerbatimEntity scan(byte[] bytes, int length) throws IOException {
    properties.clear();
    annotations.clear();
    rangeCount = 0;
    partitionKey = null;
    rowKey = null;
    timestamp = null;
    try (JsonParser parser = JSON.createParser(bytes, 0, length)) {
      return scan(parser, bytes);
    } catch (JsonProcessingException notJson) {
      return null;
    }
  }

  private @Nullable VerbatimEntity scan(JsonParser parser, byte[] bytes) throws IOException {
    if (parser.nextToken() != JsonToken.START_OBJECT) {
      return null;
    }
    int objectStart = offset(parser);
    boolean cut = false;
    int memberStart = -1;
    Member last = Member.CUT;
    while (true) {
      JsonToken token = parser.nextToken();
      int at = offset(parser);
      if (last == Member.KEEP) {
        keep(memberStart, at);
      }
      if (token == JsonToken.END_OBJECT) {
        String pk = partitionKey;
        String rk = rowKey;
        if (parser.nextToken() != null
            || pk == null
            || rk == null
            || !properties.containsAll(annotations.keySet())) {
          return null;
        }
        byte[] json = cut ? splice(bytes) : Arrays.copyOfRange(bytes, objectStart, at + 1);
        return new VerbatimEntity(pk, rk, timestamp, json);
      }
      memberStart = at;
      String name = parser.currentName();
      last = member(name, parser.nextToken(), parser);
      if (last == Member.NOT_AS_IS) {
        return null;
      }
      cut |= last == Member.CUT;
    }
  }

  private Member member(String name, JsonToken value, JsonParser parser) throws IOException {
    if (value == JsonToken.START_OBJECT
        || value == JsonToken.START_ARRAY
        || value == JsonToken.VALUE_NULL) {
      return Member.NOT_AS_IS;
    }
    if (name.startsWith("odata.")) {
      return Member.CUT;
    }
    if (name.equals("Timestamp")) {
      timestamp = parser.getText();
      return Member.CUT;
    }
    if (name.endsWith(ANNOTATION)) {
      String target = name.substring(0, name.length() - ANNOTATION.length());
      if (target.equals("Timestamp")) {
        return Member.CUT;
      }
      return annotationBeforeValue(target, value, parser) ? Member.KEEP : Member.NOT_AS_IS;
    }
    if (name.equals("PartitionKey")) {
      if (value != JsonToken.VALUE_STRING || partitionKey != null) {
        return Member.NOT_AS_IS;
      }
      partitionKey = parser.getText();
      return Member.KEEP;
    }
    if (name.equals("RowKey")) {
      if (value != JsonToken.VALUE_STRING || rowKey != null) {
        return Member.NOT_AS_IS;
      }
      rowKey = parser.getText();
      return Member.KEEP;
    }
    return propertyAsWritten(name, value) ? Member.KEEP : Member.NOT_AS_IS;
  }

  /** An annotation of a type written with one, given once, before its value. */
  private boolean annotationBeforeValue(String target, JsonToken value, JsonParser parser)
      throws IOException {
    if (value != JsonToken.VALUE_STRING
        || target.equals("PartitionKey")
        || target.equals("RowKey")
        || properties.contains(target)) {
      return false;
    }
    EdmType type = annotatedType(parser.getText());
    return type != null && annotations.putIfAbsent(target, type) == null;
  }

  /** A property given once, in the JSON kind its annotation's type is written as. */
  private boolean propertyAsWritten(String name, JsonToken value) {
    EdmType type = annotations.get(name);
    boolean asWritten =
        type == null
            || (type == EdmType.DOUBLE
                ? value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT
                : value == JsonToken.VALUE_STRING);
    return asWritten && properties.add(name);
  }

  private static @Nullable EdmType annotatedType(String wireName) {
    for (EdmType type : EdmType.values()) {
      if (type.annotated() && type.wireName().equals(wireName)) {
        return type;
      }
    }
    return null;
  }

  private static int offset(JsonParser parser) {
    return (int) parser.currentTokenLocation().getByteOffset();
  }

  private void keep(int from, int to) {
    if (rangeCount * 2 + 2 > ranges.length) {
      ranges = Arrays.copyOf(ranges, ranges.length * 2);
    }
    ranges[rangeCount * 2] = from;
    ranges[rangeCount * 2 + 1] = to;
    rangeCount++;
  }

  /**
   * The object made of the kept members. Each member's range runs to the next member's name, so it
   * ends with the comma and blanks after its value; the last one kept may end so although the
   * member it was before has been cut, and that comma goes.
   */
  private byte[] splice(byte[] bytes) {
    spliced.reset();
    spliced.write('{');
    for (int i = 0; i < rangeCount; i++) {
      spliced.write(bytes, ranges[i * 2], ranges[i * 2 + 1] - ranges[i * 2]);
    }
    byte[] json = spliced.toByteArray();
    int end = json.length;
    while (end > 1 && isBlank(json[end - 1])) {
      end--;
    }
    if (json[end - 1] == ',') {
      end--;
      while (end > 1 && isBlank(json[end - 1])) {
        end--;
      }
    }
    json = Arrays.copyOf(json, end + 1);
    json[end] = '}';
    return json;
  }

  private static boolean isBlank(byte b) {
    return b == ' ' || b == '\t' || b == '\r' || b == '\n';
  }
}
