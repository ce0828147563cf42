package dev.tabula.protocol.xml;

import dev.tabula.model.AccessPolicy;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.auth.SignedTimes;
import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.jspecify.annotations.Nullable;

/**
 * The body of Get and Set Table ACL (learn.microsoft.com "Set Table ACL"):
 *
 * <pre>{@code
 * <SignedIdentifiers>
 *   <SignedIdentifier>
 *     <Id>..</Id>
 *     <AccessPolicy><Start>..</Start><Expiry>..</Expiry><Permission>raud</Permission></AccessPolicy>
 *   </SignedIdentifier>
 * </SignedIdentifiers>
 * }</pre>
 *
 * Every AccessPolicy field is optional, and so is the element; an empty request body removes every
 * policy. Answers write only the fields a policy has and leave out an empty AccessPolicy, times
 * with seven fractional digits, as a real-service capture shows (Azure/azure-sdk-for-js
 * sdk/tables/data-tables/recordings/node/access_policy_operations/recording_should_send_a_null_ap.json).
 */
public final class SignedIdentifiersXml {
  private SignedIdentifiersXml() {}

  /**
   * Reads a Set Table ACL body.
   *
   * @throws dev.tabula.model.TableException 400 InvalidXmlDocument for a body that is not such a
   *     document or a SignedIdentifier without an Id; 400 InvalidXmlNodeValue for a time in none of
   *     the accepted forms
   */
  public static List<AccessPolicy> read(byte[] body) {
    if (body.length == 0) {
      return List.of();
    }
    XMLStreamReader reader = XmlSupport.reader(body);
    try {
      reader.nextTag();
      expect(reader, "SignedIdentifiers");
      List<AccessPolicy> policies = new ArrayList<>();
      while (reader.nextTag() == XMLStreamConstants.START_ELEMENT) {
        expect(reader, "SignedIdentifier");
        policies.add(signedIdentifier(reader));
      }
      return policies;
    } catch (XMLStreamException | java.util.NoSuchElementException e) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
  }

  /** Writes a Get Table ACL body. */
  public static byte[] write(List<AccessPolicy> policies) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      XMLStreamWriter writer = XmlSupport.documentWriter(out);
      writer.writeStartElement("SignedIdentifiers");
      for (AccessPolicy policy : policies) {
        writer.writeStartElement("SignedIdentifier");
        XmlSupport.element(writer, "Id", policy.id());
        writeAccessPolicy(writer, policy);
        writer.writeEndElement();
      }
      writer.writeEndElement();
      writer.writeEndDocument();
      writer.close();
    } catch (XMLStreamException e) {
      throw new UncheckedIOException(new java.io.IOException(e));
    }
    return out.toByteArray();
  }

  private static void writeAccessPolicy(XMLStreamWriter writer, AccessPolicy policy)
      throws XMLStreamException {
    if (policy.start() == null && policy.expiry() == null && policy.permission() == null) {
      return;
    }
    writer.writeStartElement("AccessPolicy");
    if (policy.start() != null) {
      XmlSupport.element(writer, "Start", SignedTimes.format(policy.start()));
    }
    if (policy.expiry() != null) {
      XmlSupport.element(writer, "Expiry", SignedTimes.format(policy.expiry()));
    }
    if (policy.permission() != null) {
      XmlSupport.element(writer, "Permission", policy.permission());
    }
    writer.writeEndElement();
  }

  /** Reads one SignedIdentifier, the reader on its start tag; leaves it on its end tag. */
  private static AccessPolicy signedIdentifier(XMLStreamReader reader) throws XMLStreamException {
    String id = null;
    AccessPolicy fields = new AccessPolicy("", null, null, null);
    while (reader.nextTag() == XMLStreamConstants.START_ELEMENT) {
      switch (reader.getLocalName()) {
        case "Id" -> id = reader.getElementText();
        case "AccessPolicy" -> fields = accessPolicy(reader);
        default -> skip(reader);
      }
    }
    if (id == null) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
    return new AccessPolicy(id, fields.start(), fields.expiry(), fields.permission());
  }

  private static AccessPolicy accessPolicy(XMLStreamReader reader) throws XMLStreamException {
    Instant start = null;
    Instant expiry = null;
    String permission = null;
    while (reader.nextTag() == XMLStreamConstants.START_ELEMENT) {
      switch (reader.getLocalName()) {
        case "Start" -> start = time(reader.getElementText());
        case "Expiry" -> expiry = time(reader.getElementText());
        case "Permission" -> permission = emptyAsNull(reader.getElementText());
        default -> skip(reader);
      }
    }
    return new AccessPolicy("", start, expiry, permission);
  }

  private static @Nullable Instant time(String text) {
    if (text.isBlank()) {
      return null;
    }
    Instant parsed = SignedTimes.parse(text.strip());
    if (parsed == null) {
      throw TableErrorCode.INVALID_XML_NODE_VALUE.exception();
    }
    return parsed;
  }

  private static @Nullable String emptyAsNull(String text) {
    return text.isEmpty() ? null : text;
  }

  private static void expect(XMLStreamReader reader, String name) {
    if (!reader.getLocalName().equals(name)) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
  }

  /** Skips an element the service's schema does not have, with all it contains. */
  private static void skip(XMLStreamReader reader) throws XMLStreamException {
    int depth = 1;
    while (depth > 0) {
      int event = reader.next();
      depth += event == XMLStreamConstants.START_ELEMENT ? 1 : 0;
      depth -= event == XMLStreamConstants.END_ELEMENT ? 1 : 0;
    }
  }
}
