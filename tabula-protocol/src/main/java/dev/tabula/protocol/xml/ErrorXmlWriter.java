package dev.tabula.protocol.xml;

import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The error body of the XML operations: {@code <?xml version="1.0"
 * encoding="utf-8"?><Error><Code>..</Code><Message>..</Message></Error>}, the service's shape (a
 * real answer is quoted in microsoft/AzureStorageExplorer issue #3219).
 */
public final class ErrorXmlWriter {
  private ErrorXmlWriter() {}

  /** The error document for a code and its message. */
  public static byte[] write(String code, String message) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      XMLStreamWriter writer = XmlSupport.writer(out);
      writer.writeStartElement("Error");
      XmlSupport.element(writer, "Code", code);
      XmlSupport.element(writer, "Message", message);
      writer.writeEndElement();
      writer.writeEndDocument();
      writer.close();
    } catch (XMLStreamException e) {
      throw new UncheckedIOException(new java.io.IOException(e));
    }
    return out.toByteArray();
  }
}
