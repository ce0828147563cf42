package dev.tabula.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import dev.tabula.query.Filter;
import dev.tabula.query.FilterEvaluator;
import dev.tabula.query.FilterParser;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The service's key range rule, and queries restricted to it. */
class KeyScopeTest {
  private static final List<EntityKey> KEYS =
      List.of(
          key("a", "9"),
          key("b", "1"),
          key("b", "2"),
          key("b", "3"),
          key("c", ""),
          key("d", "2"),
          key("d", "20"),
          key("d", "3"),
          key("e", "0"));

  private static EntityKey key(String pk, String rk) {
    return new EntityKey(pk, rk);
  }

  private static List<EntityKey> in(KeyScope scope) {
    return KEYS.stream().filter(scope::contains).toList();
  }

  @Test
  void bothBounds_areInclusive_rowKeysCountOnlyInTheirPartition() {
    assertThat(in(new KeyScope("b", "2", "d", "2")))
        .containsExactly(key("b", "2"), key("b", "3"), key("c", ""), key("d", "2"));
  }

  @Test
  void partitionBoundsAlone_takeWholePartitions() {
    assertThat(in(new KeyScope("b", null, "c", null)))
        .containsExactly(key("b", "1"), key("b", "2"), key("b", "3"), key("c", ""));
    assertThat(in(new KeyScope(null, null, "a", null))).containsExactly(key("a", "9"));
    assertThat(in(KeyScope.ALL)).isEqualTo(KEYS);
  }

  @Test
  void restrict_keepsExactlyTheKeysInScopeThatPassTheFilter() {
    KeyScope scope = new KeyScope("b", "2", "d", "2");
    Filter filter = FilterParser.parse("RowKey ne '3'");

    Predicate<Entity> restricted = FilterEvaluator.predicate(scope.restrict(filter));

    assertThat(KEYS.stream().filter(k -> restricted.test(entity(k))))
        .containsExactly(key("b", "2"), key("c", ""), key("d", "2"));
    assertThat(KeyScope.ALL.restrict(null)).isNull();
  }

  private static Entity entity(EntityKey key) {
    return Entity.unsaved(key.partitionKey(), key.rowKey(), Map.<String, EdmValue>of());
  }
}
