package dev.tabula.protocol.xml;

import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The body of Get Table Service Stats (learn.microsoft.com "Get Table Service Stats"): {@code
 * <StorageServiceStats><GeoReplication><Status>live</Status><LastSyncTime>..</LastSyncTime>
 * </GeoReplication></StorageServiceStats>}, the time in RFC 1123 form.
 */
public final class ServiceStatsXml {
  private static final DateTimeFormatter RFC_1123 =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
          .withZone(ZoneOffset.UTC);

  private ServiceStatsXml() {}

  /**
   * The stats document for a replica whose status is {@code status}, in sync up to {@code
   * lastSync}.
   */
  public static byte[] write(String status, Instant lastSync) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      XMLStreamWriter writer = XmlSupport.documentWriter(out);
      writer.writeStartElement("StorageServiceStats");
      writer.writeStartElement("GeoReplication");
      XmlSupport.element(writer, "Status", status);
      XmlSupport.element(writer, "LastSyncTime", RFC_1123.format(lastSync));
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
