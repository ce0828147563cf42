package dev.tabula.server.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * The export tickets that stand for the console header on a download link. Broken once: without
 * marking a ticket redeemed, {@link #aTicketIsRedeemedOnce} went red.
 */
class ExportTicketsTest {
  private final MutableClock clock = new MutableClock();
  private final ExportTickets tickets = new ExportTickets(clock);

  @Test
  void aTicketIsRedeemedOnce() {
    String id = tickets.issue("acct", "Table1", "csv");
    assertNotNull(tickets.redeem(id, "acct", "Table1", "csv"));
    assertNull(tickets.redeem(id, "acct", "Table1", "csv"));
    assertNotNull(tickets.find(id), "its progress stays readable");
  }

  @Test
  void aTicketIsForOneAccountTableAndFormat() {
    String id = tickets.issue("acct", "Table1", "csv");
    assertNull(tickets.redeem(id, "other", "Table1", "csv"));
    assertNull(tickets.redeem(id, "acct", "Table2", "csv"));
    assertNull(tickets.redeem(id, "acct", "Table1", "jsonl"));
    String otherId = (id.charAt(0) == '0' ? "1" : "0") + id.substring(1); // never id itself
    assertNull(tickets.redeem(otherId, "acct", "Table1", "csv"));
    assertNotNull(tickets.redeem(id, "acct", "Table1", "csv"));
  }

  @Test
  void aTicketExpires() {
    String id = tickets.issue("acct", "Table1", "jsonl");
    clock.advance(Duration.ofMillis(ExportTickets.LIFETIME_MILLIS + 1));
    assertNull(tickets.redeem(id, "acct", "Table1", "jsonl"));
  }

  @Test
  void theOldestTicketsAreDroppedPastTheLimit() {
    String first = tickets.issue("acct", "Table1", "jsonl");
    String last = first;
    for (int i = 0; i < ExportTickets.MAX; i++) {
      last = tickets.issue("acct", "Table1", "jsonl");
    }
    assertNull(tickets.find(first));
    assertNotNull(tickets.find(last));
    assertEquals(48, last.length(), "24 random bytes in hex");
  }

  private static final class MutableClock extends Clock {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration duration) {
      now = now.plus(duration);
    }

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
