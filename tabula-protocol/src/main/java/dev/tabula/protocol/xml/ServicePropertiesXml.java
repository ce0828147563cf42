package dev.tabula.protocol.xml;

import dev.tabula.core.properties.AnalyticsLogging;
import dev.tabula.core.properties.AnalyticsMetrics;
import dev.tabula.core.properties.CorsRule;
import dev.tabula.core.properties.RetentionPolicy;
import dev.tabula.core.properties.ServiceProperties;
import dev.tabula.core.properties.ServicePropertiesUpdate;
import dev.tabula.model.TableErrorCode;
import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The body of Get and Set Table Service Properties (learn.microsoft.com "Set Table Service
 * Properties", version 2013-08-15 and later): {@code <StorageServiceProperties>} with {@code
 * Logging}, {@code HourMetrics}, {@code MinuteMetrics} and {@code Cors}.
 *
 * <p>Reading: every root element is optional, but one that is present must have all its children
 * ("if you do specify a given root element, you must specify every child element"), else 400
 * InvalidXmlDocument; {@code IncludeAPIs} is required only when metrics are enabled and {@code
 * Days} only when retention is, and {@code Days} under a disabled policy is refused the way the
 * service refuses it ("Element Days is only expected when RetentionPolicy is enabled.", a captured
 * answer in tombuildsstuff/giovanni PR #60). A value of the wrong type is 400 InvalidXmlNodeValue.
 * Unknown elements are ignored.
 *
 * <p>Writing: every element, leaving out {@code IncludeAPIs} for disabled metrics and {@code Days}
 * for disabled retention, and each CORS rule's children in the documented order.
 */
public final class ServicePropertiesXml {
  private ServicePropertiesXml() {}

  /** Reads a Set Table Service Properties body. */
  public static ServicePropertiesUpdate read(byte[] body) {
    XmlTree root = XmlTree.read(body);
    if (!root.name().equals("StorageServiceProperties")) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
    return new ServicePropertiesUpdate(
        root.child("Logging").map(ServicePropertiesXml::logging).orElse(null),
        root.child("HourMetrics").map(ServicePropertiesXml::metrics).orElse(null),
        root.child("MinuteMetrics").map(ServicePropertiesXml::metrics).orElse(null),
        root.child("Cors").map(ServicePropertiesXml::cors).orElse(null));
  }

  private static AnalyticsLogging logging(XmlTree logging) {
    return new AnalyticsLogging(
        logging.required("Version").text(),
        logging.requiredBoolean("Delete"),
        logging.requiredBoolean("Read"),
        logging.requiredBoolean("Write"),
        retention(logging.required("RetentionPolicy")));
  }

  private static AnalyticsMetrics metrics(XmlTree metrics) {
    boolean enabled = metrics.requiredBoolean("Enabled");
    Boolean includeApis =
        enabled || metrics.child("IncludeAPIs").isPresent()
            ? metrics.requiredBoolean("IncludeAPIs")
            : null;
    return new AnalyticsMetrics(
        metrics.required("Version").text(),
        enabled,
        includeApis,
        retention(metrics.required("RetentionPolicy")));
  }

  private static RetentionPolicy retention(XmlTree policy) {
    boolean enabled = policy.requiredBoolean("Enabled");
    if (!enabled) {
      if (policy.child("Days").isPresent()) {
        throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
      }
      return RetentionPolicy.DISABLED;
    }
    return new RetentionPolicy(true, policy.requiredInt("Days"));
  }

  private static List<CorsRule> cors(XmlTree cors) {
    return cors.children().stream()
        .filter(child -> child.name().equals("CorsRule"))
        .map(ServicePropertiesXml::corsRule)
        .toList();
  }

  private static CorsRule corsRule(XmlTree rule) {
    return new CorsRule(
        rule.required("AllowedOrigins").text(),
        rule.required("AllowedMethods").text(),
        rule.required("AllowedHeaders").text(),
        rule.required("ExposedHeaders").text(),
        rule.requiredInt("MaxAgeInSeconds"));
  }

  /** Writes a Get Table Service Properties body. */
  public static byte[] write(ServiceProperties properties) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      XMLStreamWriter writer = XmlSupport.documentWriter(out);
      writer.writeStartElement("StorageServiceProperties");
      writeLogging(writer, properties.logging());
      writeMetrics(writer, "HourMetrics", properties.hourMetrics());
      writeMetrics(writer, "MinuteMetrics", properties.minuteMetrics());
      writer.writeStartElement("Cors");
      for (CorsRule rule : properties.cors()) {
        writeCorsRule(writer, rule);
      }
      writer.writeEndElement();
      writer.writeEndElement();
      writer.writeEndDocument();
      writer.close();
    } catch (XMLStreamException e) {
      throw new UncheckedIOException(new java.io.IOException(e));
    }
    return out.toByteArray();
  }

  private static void writeLogging(XMLStreamWriter writer, AnalyticsLogging logging)
      throws XMLStreamException {
    writer.writeStartElement("Logging");
    XmlSupport.element(writer, "Version", logging.version());
    // Read, Write, Delete: the order a real account answers in (Azure/azure-sdk-for-python
    // recording
    // test_table_service_properties.pyTestTableServicePropertiestest_table_service_properties.json).
    XmlSupport.element(writer, "Read", Boolean.toString(logging.read()));
    XmlSupport.element(writer, "Write", Boolean.toString(logging.write()));
    XmlSupport.element(writer, "Delete", Boolean.toString(logging.delete()));
    writeRetention(writer, logging.retention());
    writer.writeEndElement();
  }

  private static void writeMetrics(XMLStreamWriter writer, String name, AnalyticsMetrics metrics)
      throws XMLStreamException {
    writer.writeStartElement(name);
    XmlSupport.element(writer, "Version", metrics.version());
    XmlSupport.element(writer, "Enabled", Boolean.toString(metrics.enabled()));
    if (metrics.enabled() && metrics.includeApis() != null) {
      XmlSupport.element(writer, "IncludeAPIs", Boolean.toString(metrics.includeApis()));
    }
    writeRetention(writer, metrics.retention());
    writer.writeEndElement();
  }

  private static void writeRetention(XMLStreamWriter writer, RetentionPolicy retention)
      throws XMLStreamException {
    writer.writeStartElement("RetentionPolicy");
    XmlSupport.element(writer, "Enabled", Boolean.toString(retention.enabled()));
    if (retention.enabled() && retention.days() != null) {
      XmlSupport.element(writer, "Days", Integer.toString(retention.days()));
    }
    writer.writeEndElement();
  }

  private static void writeCorsRule(XMLStreamWriter writer, CorsRule rule)
      throws XMLStreamException {
    writer.writeStartElement("CorsRule");
    XmlSupport.element(writer, "AllowedOrigins", rule.allowedOrigins());
    XmlSupport.element(writer, "AllowedMethods", rule.allowedMethods());
    XmlSupport.element(writer, "MaxAgeInSeconds", Integer.toString(rule.maxAgeInSeconds()));
    XmlSupport.element(writer, "ExposedHeaders", rule.exposedHeaders());
    XmlSupport.element(writer, "AllowedHeaders", rule.allowedHeaders());
    writer.writeEndElement();
  }
}
