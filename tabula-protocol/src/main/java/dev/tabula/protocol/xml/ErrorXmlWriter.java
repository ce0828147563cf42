package dev.tabula.protocol.xml;

import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The error body of the XML operations, the OData XML error a real account sends: {@code <?xml
 * version="1.0" encoding="utf-8"?><m:error
 * xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"><m:code>InvalidXmlDocument</m:code><m:message
 * xml:lang="en-US">XML specified is not syntactically
 * valid.\nRequestId:..\nTime:..</m:message></m:error>}, without a byte order mark, to Set Table ACL
 * and to Set Table Service Properties alike (Azure/azure-sdk-for-python recordings
 * test_table.pyTestTabletest_set_table_acl_too_many_ids.json and
 * test_table_service_properties.pyTestTableServicePropertiestest_too_many_cors_rules.json).
 */
public final class ErrorXmlWriter {
  private static final String METADATA =
      "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata";

  private ErrorXmlWriter() {}

  /** The error document for a code and its message. */
  public static byte[] write(String code, String message) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      XMLStreamWriter writer = XmlSupport.writer(out);
      writer.writeStartElement("m", "error", METADATA);
      writer.writeNamespace("m", METADATA);
      writer.writeStartElement("m", "code", METADATA);
      writer.writeCharacters(code);
      writer.writeEndElement();
      writer.writeStartElement("m", "message", METADATA);
      writer.writeAttribute("xml", XMLConstants.XML_NS_URI, "lang", "en-US");
      writer.writeCharacters(message);
      writer.writeEndElement();
      writer.writeEndElement();
      writer.writeEndDocument();
      writer.close();
    } catch (XMLStreamException e) {
      throw new UncheckedIOException(new java.io.IOException(e));
    }
    return out.toByteArray();
  }
}
