package dev.tabula.protocol.http;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The {@code x-ms-request-id} of each response: a random (version 4) UUID, as the service sends. It
 * only correlates a response with logs, so it comes from {@link ThreadLocalRandom} rather than
 * {@link UUID#randomUUID()}, whose shared SecureRandom every worker thread would queue on.
 */
public final class RequestIds {
  private RequestIds() {}

  /** A new id. */
  public static String next() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long high = random.nextLong() & ~0xF000L | 0x4000L; // version 4
    long low = random.nextLong() & ~(0xC000L << 48) | 0x8000L << 48; // IETF variant
    return new UUID(high, low).toString();
  }
}
