package dev.tabula.protocol.xml;

import dev.tabula.model.TableErrorCode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

/**
 * StAX factories set up once: readers that never load a DTD or an external entity (so a request
 * body cannot make the server read files or expand entity bombs), and UTF-8 writers that start
 * with the service's prolog {@code <?xml version="1.0" encoding="utf-8"?>}.
 */
final class XmlSupport {
  private static final XMLInputFactory INPUT = inputFactory();
  private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();

  private XmlSupport() {}

  private static XMLInputFactory inputFactory() {
    XMLInputFactory factory = XMLInputFactory.newFactory();
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
    return factory;
  }

  /** A reader over a request body; 400 InvalidXmlDocument when it cannot even start. */
  static XMLStreamReader reader(byte[] body) {
    try {
      return INPUT.createXMLStreamReader(new ByteArrayInputStream(body));
    } catch (XMLStreamException e) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
  }

  /** A writer into {@code out}, its prolog written. */
  static XMLStreamWriter writer(ByteArrayOutputStream out) throws XMLStreamException {
    XMLStreamWriter writer = OUTPUT.createXMLStreamWriter(out, "utf-8");
    writer.writeStartDocument("utf-8", "1.0");
    return writer;
  }

  /** Writes {@code <name>text</name>}. */
  static void element(XMLStreamWriter writer, String name, String text)
      throws XMLStreamException {
    writer.writeStartElement(name);
    writer.writeCharacters(text);
    writer.writeEndElement();
  }
}
