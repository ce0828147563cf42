package dev.tabula.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --index NAME=PROPERTY} and {@code --drop-index NAME} applied to a table's indexes: an
 * index declared again as it is stays as the server gave it, so the server keeps its entries.
 * Broken once: with an existing index's name not taken off the ones still to add (so it was added a
 * second time, afresh), both declaring tests failed.
 */
class IndexChangesTest {
  private static final TableIndex STATUS = new TableIndex("byStatus", "Status", "ready");
  private static final TableIndex CITY = new TableIndex("byCity", "City", "building");

  @Test
  void declaringAnExistingIndex_keepsIt_andANewOneIsAddedAtTheEnd() {
    IndexChanges changes = IndexChanges.of(List.of("byStatus=Status", " byAge = Age "), List.of());

    assertThat(changes.applyTo(List.of(STATUS, CITY), "t"))
        .containsExactly(STATUS, CITY, new TableIndex("byAge", "Age", null));
  }

  @Test
  void declaringAnIndexWithAnotherProperty_replacesItInPlace() {
    IndexChanges changes = IndexChanges.of(List.of("byStatus=State"), List.of());

    assertThat(changes.applyTo(List.of(STATUS, CITY), "t"))
        .containsExactly(new TableIndex("byStatus", "State", null), CITY);
  }

  @Test
  void droppingAnIndex_removesOnlyIt() {
    IndexChanges changes = IndexChanges.of(List.of(), List.of("byStatus"));

    assertThat(changes.applyTo(List.of(STATUS, CITY), "t")).containsExactly(CITY);
  }

  @Test
  void droppingAnIndexTheTableHasNot_isAMistake_namingTheTablesIndexes() {
    IndexChanges changes = IndexChanges.of(List.of(), List.of("byNothing"));

    assertThatThrownBy(() -> changes.applyTo(List.of(STATUS, CITY), "orders"))
        .isInstanceOf(ToolError.class)
        .hasMessage(
            "table 'orders' has no index 'byNothing' to drop (its indexes: byStatus, byCity)");
    assertThatThrownBy(() -> changes.applyTo(null, "orders"))
        .hasMessage("table 'orders' has no index 'byNothing' to drop (it has none)");
  }

  @Test
  void rebuilding_leavesTheOthers_andAnIndexTheTableHasNotIsAMistake() {
    assertThat(IndexChanges.without(List.of(STATUS, CITY), List.of("byStatus"), "t"))
        .containsExactly(CITY);
    assertThatThrownBy(() -> IndexChanges.without(List.of(CITY), List.of("byStatus"), "orders"))
        .isInstanceOf(ToolError.class)
        .hasMessageContaining("table 'orders' has no index 'byStatus' to rebuild (its indexes:");
  }

  @Test
  void noOptions_isNoChange() {
    assertThat(IndexChanges.of(List.of(), List.of()).isEmpty()).isTrue();
    assertThat(IndexChanges.of(List.of("a=b"), List.of()).isEmpty()).isFalse();
    assertThat(IndexChanges.of(List.of(), List.of("a")).isEmpty()).isFalse();
  }

  @Test
  void badOptions_areMistakesSaidInOneLine() {
    assertThatThrownBy(() -> IndexChanges.of(List.of("byStatus"), List.of()))
        .isInstanceOf(ToolError.class)
        .hasMessage("--index must be NAME=PROPERTY, like byStatus=Status, not 'byStatus'");
    assertThatThrownBy(() -> IndexChanges.of(List.of("=Status"), List.of()))
        .hasMessageStartingWith("--index must be NAME=PROPERTY");
    assertThatThrownBy(() -> IndexChanges.of(List.of("byStatus="), List.of()))
        .hasMessageStartingWith("--index must be NAME=PROPERTY");
    assertThatThrownBy(() -> IndexChanges.of(List.of("a=b", "a=c"), List.of()))
        .hasMessage("--index names the index 'a' twice");
    assertThatThrownBy(() -> IndexChanges.of(List.of("a=b"), List.of("a")))
        .hasMessage("the index 'a' is both in --index and in --drop-index");
    assertThatThrownBy(() -> IndexChanges.of(List.of(), List.of(" ")))
        .hasMessage("--drop-index needs the name of an index");
  }
}
