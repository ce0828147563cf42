package dev.tabula.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.EdmValue.EdmInt32;
import dev.tabula.model.EdmValue.EdmString;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An entity's properties: copied once from a caller's map, in order, and never changed after. */
class EntityPropertiesTest {
  @Test
  void anEntity_keepsItsOwnCopy_inTheOrderGiven() {
    Map<String, EdmValue> given = new LinkedHashMap<>();
    given.put("b", new EdmString("x"));
    given.put("a", new EdmInt32(1));

    Entity entity = Entity.unsaved("p", "r", given);
    given.put("c", new EdmInt32(2));
    given.remove("b");

    assertThat(entity.properties())
        .containsExactly(Map.entry("b", new EdmString("x")), Map.entry("a", new EdmInt32(1)));
    assertThat(entity.properties())
        .isEqualTo(Map.of("b", new EdmString("x"), "a", new EdmInt32(1)));
    assertThat(entity.properties().hashCode())
        .isEqualTo(Map.of("b", new EdmString("x"), "a", new EdmInt32(1)).hashCode());
  }

  @Test
  void theCopy_cannotBeChanged_andIsPassedOnWithoutAnotherCopy() {
    Entity entity = Entity.unsaved("p", "r", Map.of("a", new EdmInt32(1)));
    Map<String, EdmValue> properties = entity.properties();

    assertThatThrownBy(() -> properties.put("b", new EdmInt32(2)))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> properties.entrySet().clear())
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> properties.remove("a"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(properties).isInstanceOf(ImmutableProperties.class);
    assertThat(entity.withTimestamp(Instant.EPOCH).properties()).isSameAs(properties);
    assertThat(ImmutableProperties.copyOf(properties)).isSameAs(properties);
  }
}
