package dev.tabula.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** EntityKey order is code-point order, which is the order of the keys' UTF-8 bytes. */
class EntityKeyProperties {

  @Property
  void keyOrder_equalsUtf8ByteOrder(@ForAll String a, @ForAll String b) {
    if (!Utf16.isWellFormed(a) || !Utf16.isWellFormed(b)) {
      return;
    }
    int byBytes =
        Integer.signum(
            Arrays.compareUnsigned(
                a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
    assertThat(Integer.signum(EntityKey.KEY_ORDER.compare(a, b))).isEqualTo(byBytes);
  }

  @Property
  void partitionKeyDominatesRowKey(
      @ForAll String p1, @ForAll String p2, @ForAll String r1, @ForAll String r2) {
    int pk = Integer.signum(EntityKey.KEY_ORDER.compare(p1, p2));
    int whole = Integer.signum(new EntityKey(p1, r1).compareTo(new EntityKey(p2, r2)));
    if (pk != 0) {
      assertThat(whole).isEqualTo(pk);
    } else {
      assertThat(whole).isEqualTo(Integer.signum(EntityKey.KEY_ORDER.compare(r1, r2)));
    }
  }
}
