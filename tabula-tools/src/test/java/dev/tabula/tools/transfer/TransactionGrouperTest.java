package dev.tabula.tools.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.tools.entity.EdmType;
import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The service's rules for one entity group transaction: one partition, at most 100 operations, at
 * most 4 MiB of body, no entity twice. Seen to fail with the duplicate check removed (rows a, b, a
 * made one transaction).
 */
class TransactionGrouperTest {
  private long line;

  private Row row(String pk, String rk, int textLength) {
    TransferEntity entity =
        new TransferEntity(
            pk, rk, null, List.of(new TypedProperty("T", EdmType.STRING, "x".repeat(textLength))));
    return new Row(++line, entity, EntitySize.estimate(entity));
  }

  private static List<Transaction> group(TransactionGrouper grouper, List<Row> rows) {
    List<Transaction> closed = new ArrayList<>();
    for (Row row : rows) {
      Transaction transaction = grouper.add(row);
      if (transaction != null) {
        closed.add(transaction);
      }
    }
    Transaction last = grouper.flush();
    if (last != null) {
      closed.add(last);
    }
    return closed;
  }

  private static List<Integer> sizes(List<Transaction> transactions) {
    return transactions.stream().map(t -> t.rows().size()).toList();
  }

  @Test
  void aPartitionChange_orTheHundredthOperation_closesATransaction() {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 250; i++) {
      rows.add(row("a", "r" + i, 1));
    }
    rows.add(row("b", "r0", 1));
    rows.add(row("a", "r0-again", 1));

    assertThat(sizes(group(new TransactionGrouper(), rows))).containsExactly(100, 100, 50, 1, 1);
  }

  @Test
  void theSameEntityTwice_closesTheTransactionBeforeTheSecond() {
    List<Transaction> transactions =
        group(
            new TransactionGrouper(),
            List.of(row("p", "a", 1), row("p", "b", 1), row("p", "a", 2)));

    assertThat(sizes(transactions)).containsExactly(2, 1);
    assertThat(transactions.get(1).first()).isEqualTo(3);
  }

  @Test
  void largeRows_stayUnderTheBodyLimit() {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      rows.add(row("p", "r" + i, 200_000));
    }
    List<Transaction> transactions = group(new TransactionGrouper(), rows);

    assertThat(transactions).hasSizeGreaterThan(1);
    for (Transaction transaction : transactions) {
      long bytes = transaction.rows().stream().mapToLong(Row::size).sum();
      assertThat(bytes).isLessThanOrEqualTo(TransactionGrouper.MAX_BYTES);
    }
  }

  @Test
  void theEstimate_isNeverBelowTheBytesOfTheValue() {
    String text = "\"\u00e9\u4e2d\ud834\udd1e\n";
    TransferEntity entity =
        new TransferEntity(
            "p", "r", null, List.of(new TypedProperty("T", EdmType.STRING, text.repeat(1000))));
    // Escaped quote and newline: 2 bytes each; é 2, 中 3, the clef 4 in UTF-8.
    assertThat(EntitySize.estimate(entity)).isGreaterThanOrEqualTo(13 * 1000);
  }
}
