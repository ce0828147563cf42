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
 * body cannot make the server read files or expand entity bombs), and UTF-8 writers that start with
 * the service's prolog {@code <?xml version="1.0" encoding="utf-8"?>}. The service's documents (Get
 * Table ACL, Get Table Service Properties and Stats) begin with a UTF-8 byte order mark before the
 * prolog; its error documents do not (Azure/azure-sdk-for-python recordings of a real account:
 * test_table.pyTestTabletest_get_table_acl.json, test_table_service_properties.py
 * TestTableServicePropertiestest_table_service_properties.json and
 * test_table.pyTestTabletest_set_table_acl_too_many_ids.json).
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

  private static final byte[] BYTE_ORDER_MARK = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  /** A writer of a document into {@code out}: the byte order mark, then the prolog. */
  static XMLStreamWriter documentWriter(ByteArrayOutputStream out) throws XMLStreamException {
    out.writeBytes(BYTE_ORDER_MARK);
    return writer(out);
  }

  /** A writer into {@code out}, its prolog written (no byte order mark: error documents). */
  static XMLStreamWriter writer(ByteArrayOutputStream out) throws XMLStreamException {
    XMLStreamWriter writer = OUTPUT.createXMLStreamWriter(out, "utf-8");
    writer.writeStartDocument("utf-8", "1.0");
    return writer;
  }

  /** Writes {@code <name>text</name>}. */
  static void element(XMLStreamWriter writer, String name, String text) throws XMLStreamException {
    writer.writeStartElement(name);
    writer.writeCharacters(text);
    writer.writeEndElement();
  }
}
