package dev.tabula.protocol.auth;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * The {@code sip} field: one address or an inclusive range {@code first-last} ("specifying
 * sip=168.1.5.60-168.1.5.70 restricts the request to those IP addresses", learn.microsoft.com
 * "Create a service SAS"). IPv4 as the service documents it; IPv6 literals are accepted too, and an
 * IPv4-mapped client address counts as its IPv4 address. Literals only: nothing here ever resolves
 * a name. Immutable.
 */
public final class SasIpRange {
  private static final Pattern IPV4 =
      Pattern.compile(
          "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
  private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

  private final byte[] first;
  private final byte[] last;

  private SasIpRange(byte[] first, byte[] last) {
    this.first = first;
    this.last = last;
  }

  /** Parses {@code sip}; null when it is not an address or a range of two of one family. */
  public static SasIpRange parse(String text) {
    int dash = text.indexOf('-');
    byte[] first = literal(dash < 0 ? text : text.substring(0, dash));
    byte[] last = dash < 0 ? first : literal(text.substring(dash + 1));
    if (first == null || last == null || first.length != last.length) {
      return null;
    }
    return new SasIpRange(first, last);
  }

  /** Whether the address lies in the range; a null (unknown) address never does. */
  public boolean contains(InetAddress address) {
    if (address == null) {
      return false;
    }
    byte[] bytes = unmapped(address);
    return bytes.length == first.length
        && Arrays.compareUnsigned(first, bytes) <= 0
        && Arrays.compareUnsigned(bytes, last) <= 0;
  }

  private static byte[] literal(String text) {
    try {
      if (IPV4.matcher(text).matches()) {
        return InetAddress.getByName(text).getAddress();
      }
      if (IPV6.matcher(text).matches()) {
        InetAddress address = InetAddress.getByName(text);
        return address instanceof Inet6Address ? address.getAddress() : null;
      }
      return null;
    } catch (UnknownHostException e) {
      return null;
    }
  }

  /** The IPv4 address of an IPv4-mapped IPv6 address ({@code ::ffff:a.b.c.d}), else the bytes. */
  private static byte[] unmapped(InetAddress address) {
    byte[] bytes = address.getAddress();
    if (address instanceof Inet4Address || bytes.length != 16) {
      return bytes;
    }
    for (int i = 0; i < 10; i++) {
      if (bytes[i] != 0) {
        return bytes;
      }
    }
    return bytes[10] == (byte) 0xFF && bytes[11] == (byte) 0xFF
        ? Arrays.copyOfRange(bytes, 12, 16)
        : bytes;
  }

  @Override
  public String toString() {
    return "SasIpRange" + Arrays.toString(first) + "-" + Arrays.toString(last);
  }
}
