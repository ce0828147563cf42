package dev.tabula.conformance.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.conformance.crash.WriteLedger.Stored;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The crash test's judge, on made-up outcomes: what it must allow and what it must report. */
class WriteLedgerTest {
  private final WriteLedger ledger = new WriteLedger();

  private static Stored single(String key, long version, String etag) {
    return new Stored(key, version, etag, null, 0);
  }

  @Test
  void acknowledgedWritesFoundAsAcknowledged_andUnansweredOnesEitherWay_areAllowed() {
    ledger.attempted("a|1", 1);
    ledger.acknowledged("a|1", 1, "e1");
    ledger.attempted("m|0", 1);
    ledger.acknowledged("m|0", 1, "m1");
    ledger.attempted("m|0", 2); // in flight at the kill, landed
    ledger.attempted("a|2", 1); // in flight at the kill, lost

    assertThat(ledger.violations(List.of(single("a|1", 1, "e1"), single("m|0", 2, "m2"))))
        .isEmpty();
    assertThat(ledger.acknowledgedEntities()).isEqualTo(2);
  }

  @Test
  void acknowledgedWriteMissing_isReportedLost() {
    ledger.attempted("a|1", 1);
    ledger.acknowledged("a|1", 1, "e1");

    assertThat(ledger.violations(List.of())).singleElement().asString().startsWith("lost: a|1");
  }

  @Test
  void acknowledgedWriteAllowedAbsent_isNotReported_butMustStillBeAsAcknowledgedWhenPresent() {
    ledger.attempted("a|1", 1);
    ledger.acknowledged("a|1", 1, "e1");
    ledger.attempted("a|2", 1);
    ledger.acknowledged("a|2", 1, "e2");

    assertThat(ledger.violations(List.of(), Set.of("a|1")))
        .singleElement()
        .asString()
        .startsWith("lost: a|2");
    assertThat(ledger.violations(List.of(single("a|1", 1, "other")), Set.of("a|1", "a|2")))
        .singleElement()
        .asString()
        .startsWith("changed: a|1");
  }

  @Test
  void olderVersionThanAcknowledged_isReportedRolledBack() {
    ledger.attempted("m|0", 1);
    ledger.acknowledged("m|0", 1, "m1");
    ledger.attempted("m|0", 2);
    ledger.acknowledged("m|0", 2, "m2");

    assertThat(ledger.violations(List.of(single("m|0", 1, "m1"))))
        .singleElement()
        .asString()
        .startsWith("rolled back: m|0");
  }

  @Test
  void acknowledgedVersionWithAnotherEtag_isReportedChanged() {
    ledger.attempted("a|1", 1);
    ledger.acknowledged("a|1", 1, "e1");

    assertThat(ledger.violations(List.of(single("a|1", 1, "other"))))
        .singleElement()
        .asString()
        .startsWith("changed: a|1");
  }

  @Test
  void entitiesOrVersionsNeverSent_areReported() {
    ledger.attempted("a|1", 1);

    assertThat(ledger.violations(List.of(single("a|1", 7, "x"), single("z|9", 1, "y"))))
        .containsExactlyInAnyOrder(
            "invented: a|1 holds v7, which was never sent", "never written, yet present: z|9");
  }

  @Test
  void batchFoundInPart_isReportedPartial_whetherAcknowledgedOrNot() {
    sendBatch("b0-1", "b0-1|000", "b0-1|001", "b0-1|002");
    sendBatch("b0-2", "b0-2|000", "b0-2|001");

    List<String> violations =
        ledger.violations(
            List.of(
                new Stored("b0-1|000", 1, "e", "b0-1", 3),
                new Stored("b0-1|001", 1, "e", "b0-1", 3),
                new Stored("b0-2|000", 1, "f", "b0-2", 2),
                new Stored("b0-2|001", 1, "f", "b0-2", 2)));

    assertThat(violations).containsExactly("partial batch b0-1: 2 of 3 entities");
  }

  private void sendBatch(String batch, String... keys) {
    ledger.batchAttempted(batch, List.of(keys));
    for (String key : keys) {
      ledger.attempted(key, 1);
    }
  }
}
