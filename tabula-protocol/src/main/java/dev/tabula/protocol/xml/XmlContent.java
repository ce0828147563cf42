package dev.tabula.protocol.xml;

/** The media type of the XML operations' bodies, requests and answers, as the service sends it. */
public final class XmlContent {
  /** {@code application/xml}. */
  public static final String TYPE = "application/xml";

  private XmlContent() {}
}
