package dev.tabula.protocol.xml;

import dev.tabula.model.TableErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * A small XML element tree for the settings documents: a name, the element's text, and its child
 * elements in order. Request bodies are a few kilobytes at most (the body limit applies first), so
 * reading them whole is simpler than streaming. Mixed content, attributes and namespaces are
 * ignored, as the service's schemas have none. Immutable once read.
 */
final class XmlTree {
  /** Deeper nesting than any settings document has is refused rather than followed. */
  private static final int MAX_DEPTH = 8;

  private final String name;
  private final String text;
  private final List<XmlTree> children;

  private XmlTree(String name, String text, List<XmlTree> children) {
    this.name = name;
    this.text = text;
    this.children = List.copyOf(children);
  }

  /** Reads a whole document; 400 InvalidXmlDocument when it is not well-formed XML. */
  static XmlTree read(byte[] body) {
    XMLStreamReader reader = XmlSupport.reader(body);
    try {
      reader.nextTag();
      return element(reader, 1);
    } catch (XMLStreamException | RuntimeException e) {
      if (e instanceof dev.tabula.model.TableException known) {
        throw known;
      }
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
  }

  private static XmlTree element(XMLStreamReader reader, int depth) throws XMLStreamException {
    if (depth > MAX_DEPTH) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
    String name = reader.getLocalName();
    StringBuilder text = new StringBuilder();
    List<XmlTree> children = new ArrayList<>();
    while (true) {
      int event = reader.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        children.add(element(reader, depth + 1));
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        return new XmlTree(name, text.toString(), children);
      } else if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
        text.append(reader.getText());
      }
    }
  }

  String name() {
    return name;
  }

  /** The element's own text, trimmed. */
  String text() {
    return text.trim();
  }

  List<XmlTree> children() {
    return children;
  }

  /** The first child of that name, if any. */
  Optional<XmlTree> child(String childName) {
    return children.stream().filter(c -> c.name.equals(childName)).findFirst();
  }

  /** The first child of that name; 400 InvalidXmlDocument when it is missing. */
  XmlTree required(String childName) {
    return child(childName).orElseThrow(TableErrorCode.INVALID_XML_DOCUMENT::exception);
  }

  /** A required child's text as a boolean; 400 InvalidXmlNodeValue when it is not one. */
  boolean requiredBoolean(String childName) {
    String value = required(childName).text();
    if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(value);
    }
    throw TableErrorCode.INVALID_XML_NODE_VALUE.exception();
  }

  /** A required child's text as an int; 400 InvalidXmlNodeValue when it is not one. */
  int requiredInt(String childName) {
    try {
      return Integer.parseInt(required(childName).text());
    } catch (NumberFormatException e) {
      throw TableErrorCode.INVALID_XML_NODE_VALUE.exception();
    }
  }
}
