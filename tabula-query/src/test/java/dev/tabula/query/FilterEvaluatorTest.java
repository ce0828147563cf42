package dev.tabula.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class FilterEvaluatorTest {
  private static final Instant STORED = Instant.parse("2024-05-06T07:08:09.1234567Z");

  private static Entity entity(String name, EdmValue value) {
    Map<String, EdmValue> properties = new LinkedHashMap<>();
    if (value != null) {
      properties.put(name, value);
    }
    return new Entity("pk", "rk", STORED, properties);
  }

  private static boolean matches(String filter, Entity entity) {
    return FilterEvaluator.matches(FilterParser.parse(filter), PropertySource.of(entity));
  }

  @Test
  void int32Property_matchesInt32Literal() {
    Entity e = entity("N", new EdmValue.EdmInt32(54321));
    assertThat(matches("N eq 54321", e)).isTrue();
    assertThat(matches("N gt 54320 and N lt 54322", e)).isTrue();
    assertThat(matches("N ne 54321", e)).isFalse();
  }

  /**
   * CloudStub's query comparison data, recorded against a real storage account
   * (CloudStub.AzureDataTables.Tests/Data/TableQueryComparisonTestData.cs): Int32Prop 3 against
   * {@code 3L} and {@code 3D} is eq false, ne true, lt true, le true, gt false, ge false.
   */
  @Test
  void int32Property_againstInt64OrDoubleLiterals_ordersBeforeThem() {
    Entity e = entity("N", new EdmValue.EdmInt32(64));
    for (String literal : new String[] {"64L", "64.0", "0L", "-1.5"}) {
      assertThat(matches("N eq " + literal, e)).as(literal).isFalse();
      assertThat(matches("N gt " + literal, e)).as(literal).isFalse();
      assertThat(matches("N ge " + literal, e)).as(literal).isFalse();
      assertThat(matches("N ne " + literal, e)).as(literal).isTrue();
      assertThat(matches("N lt " + literal, e)).as(literal).isTrue();
      assertThat(matches("N le " + literal, e)).as(literal).isTrue();
    }
  }

  /** The same record: Int64Prop 3 is eq 3 (by value) but lt 3D and not ge 3D. */
  @Test
  void int64Property_matchesInt64AndInt32Literals_andOrdersBeforeDoubles() {
    Entity e = entity("N", new EdmValue.EdmInt64(5454161346626L));
    assertThat(matches("N eq 5454161346626L", e)).isTrue();
    assertThat(matches("N gt 12", e)).isTrue();
    assertThat(matches("N lt 12", e)).isFalse();
    assertThat(matches("N eq 5454161346626.0", e)).isFalse();
    assertThat(matches("N lt 1.0", e)).isTrue();
    assertThat(matches("N ge 1.0", e)).isFalse();
  }

  @Test
  void doubleProperty_matchesNumericLiteralsByExactValue() {
    Entity five = entity("D", new EdmValue.EdmDouble(5.0));
    assertThat(matches("D eq 5", five)).isTrue();
    assertThat(matches("D eq 5.0", five)).isTrue();
    assertThat(matches("D eq 5L", five)).isTrue();
    assertThat(matches("D gt 4 and D lt 6", five)).isTrue();
    Entity big = entity("D", new EdmValue.EdmDouble(9007199254740992.0)); // 2^53
    assertThat(matches("D eq 9007199254740993L", big)).isFalse(); // (double) would round to equal
    assertThat(matches("D lt 9007199254740993L", big)).isTrue();
    Entity half = entity("D", new EdmValue.EdmDouble(-0.5));
    assertThat(matches("D lt 0L and D gt -1L", half)).isTrue();
  }

  @Test
  void negativeZero_equalsZero() {
    assertThat(matches("D eq 0.0", entity("D", new EdmValue.EdmDouble(-0.0)))).isTrue();
  }

  @Test
  void nanProperty_matchesNoComparison() {
    Entity nan = entity("D", new EdmValue.EdmDouble(Double.NaN));
    for (ComparisonOperator op : ComparisonOperator.values()) {
      assertThat(matches("D " + op.keyword() + " 1.0", nan)).as(op.keyword()).isFalse();
    }
  }

  /**
   * CloudStub's record for every other pair of types (String "3" against 3, 3L, 3D, true, a
   * datetime, a GUID, a binary; and each of those properties against '3'): only ne, lt and le hold.
   * Azure/Azurite#2342: on the service a Double or DateTime property matches {@code foo lt ''}.
   */
  @Test
  void otherTypes_holdExactlyForNeLtAndLe() {
    List<Entity> entities =
        List.of(
            entity("S", new EdmValue.EdmString("5")),
            entity("S", new EdmValue.EdmInt32(5)),
            entity("S", new EdmValue.EdmDouble(5.0)),
            entity("S", new EdmValue.EdmBoolean(true)),
            entity("S", new EdmValue.EdmDateTime(Instant.parse("2020-01-22T00:00:00Z"))),
            entity(
                "S", new EdmValue.EdmGuid(UUID.fromString("68260b3f-beab-45e2-b900-33e2b442e724"))),
            entity("S", new EdmValue.EdmBinary(new byte[] {3})));
    List<String> literals =
        List.of(
            "'5'",
            "5",
            "5L",
            "5.0",
            "true",
            "datetime'2020-01-22T00:00:00Z'",
            "guid'68260b3f-beab-45e2-b900-33e2b442e724'",
            "X'03'");
    for (Entity e : entities) {
      for (String literal : literals) {
        EdmValue value = e.properties().get("S");
        Filter probe = FilterParser.parse("S eq " + literal);
        if (sameFamily(value, ((Filter.Comparison) probe).literal())) {
          continue;
        }
        for (ComparisonOperator op : ComparisonOperator.values()) {
          boolean expected =
              op == ComparisonOperator.NE
                  || op == ComparisonOperator.LT
                  || op == ComparisonOperator.LE;
          assertThat(matches("S " + op.keyword() + " " + literal, e))
              .as("%s %s %s", value, op.keyword(), literal)
              .isEqualTo(expected);
        }
      }
    }
  }

  /** Same type, or a numeric literal the property's numeric type widens. */
  private static boolean sameFamily(EdmValue property, EdmValue literal) {
    if (property.type() == literal.type()) {
      return true;
    }
    return property instanceof EdmValue.EdmDouble
        && (literal instanceof EdmValue.EdmInt32 || literal instanceof EdmValue.EdmInt64);
  }

  @Test
  void notOfAComparisonAcrossTypes_isFalse() {
    Entity text = entity("S", new EdmValue.EdmString("5"));
    assertThat(matches("not (S ne 5)", text)).isFalse();
    assertThat(matches("not (S eq 5)", text)).isTrue();
  }

  @Test
  void missingProperty_matchesNoComparisonIncludingNe() {
    Entity without = entity("Other", new EdmValue.EdmString("x"));
    for (ComparisonOperator op : ComparisonOperator.values()) {
      assertThat(matches("Foo " + op.keyword() + " ''", without)).as(op.keyword()).isFalse();
    }
  }

  @Test
  void notOfAComparisonOnAMissingProperty_matches() {
    assertThat(matches("not (Foo eq 'a')", entity("Other", null))).isTrue();
  }

  @Test
  void stringsCompareByCodePoint() {
    Entity e =
        entity("S", new EdmValue.EdmString("\uFF5E")); // above U+D800 in UTF-16, below U+1F600
    assertThat(matches("S lt '\uD83D\uDE00'", e)).isTrue();
    assertThat(matches("S gt 'Z'", e)).isTrue();
  }

  @Test
  void booleans_falseBeforeTrue() {
    Entity e = entity("B", new EdmValue.EdmBoolean(true));
    assertThat(matches("B eq true", e)).isTrue();
    assertThat(matches("B gt false", e)).isTrue();
    assertThat(matches("B eq false", e)).isFalse();
  }

  @Test
  void bareBooleanProperty_holdsOnlyForTrueBooleans() {
    assertThat(matches("B", entity("B", new EdmValue.EdmBoolean(true)))).isTrue();
    assertThat(matches("B", entity("B", new EdmValue.EdmBoolean(false)))).isFalse();
    assertThat(matches("B", entity("B", new EdmValue.EdmString("true")))).isFalse();
    assertThat(matches("not B", entity("Other", null))).isTrue();
  }

  @Test
  void guids_orderAsTheirText() {
    Entity e =
        entity("G", new EdmValue.EdmGuid(UUID.fromString("90000000-0000-0000-0000-000000000000")));
    assertThat(matches("G gt guid'10000000-0000-0000-0000-000000000000'", e)).isTrue();
    assertThat(matches("G lt guid'a0000000-0000-0000-0000-000000000000'", e)).isTrue();
    assertThat(matches("G eq guid'90000000-0000-0000-0000-000000000000'", e)).isTrue();
    assertThat(matches("G eq '90000000-0000-0000-0000-000000000000'", e)).isFalse();
  }

  @Test
  void binaries_compareAsUnsignedBytes() {
    Entity e = entity("B", new EdmValue.EdmBinary(new byte[] {(byte) 0xff}));
    assertThat(matches("B gt X'7f'", e)).isTrue();
    assertThat(matches("B eq binary'FF'", e)).isTrue();
    assertThat(matches("B lt X'ff00'", e)).isTrue();
  }

  @Test
  void dateTimes_compareAsInstants() {
    Entity e = entity("T", new EdmValue.EdmDateTime(Instant.parse("2020-01-01T00:00:00Z")));
    assertThat(matches("T ge datetime'2020-01-01T00:00:00Z'", e)).isTrue();
    assertThat(matches("T lt datetime'2020-01-01T00:00:00.0000001Z'", e)).isTrue();
    assertThat(matches("T eq '2020-01-01T00:00:00Z'", e)).isFalse();
  }

  @Test
  void keysAndTimestamp_areProperties() {
    Entity e = entity("A", null);
    assertThat(matches("PartitionKey eq 'pk' and RowKey eq 'rk'", e)).isTrue();
    assertThat(matches("Timestamp eq datetime'2024-05-06T07:08:09.1234567Z'", e)).isTrue();
    assertThat(matches("partitionkey eq 'pk'", e)).isFalse(); // names are case-sensitive
  }

  @Test
  void unsavedEntity_hasNoTimestamp() {
    Entity unsaved = Entity.unsaved("pk", "rk", Map.of());
    assertThat(
            FilterEvaluator.matches(
                FilterParser.parse("Timestamp ne datetime'2000-01-01T00:00:00Z'"),
                PropertySource.of(unsaved)))
        .isFalse();
  }

  @Test
  void constantsAndLogic() {
    Entity e = entity("A", new EdmValue.EdmInt32(1));
    assertThat(matches("true", e)).isTrue();
    assertThat(matches("false", e)).isFalse();
    assertThat(matches("false or A eq 1", e)).isTrue();
    assertThat(matches("not (A eq 1) or A eq 2", e)).isFalse();
  }

  @Test
  void tables_exposeOnlyTableName() {
    PropertySource table = PropertySource.ofTable("Orders2024");
    assertThat(
            FilterEvaluator.matches(
                FilterParser.parse("TableName ge 'Orders' and TableName lt 'Ordert'"), table))
        .isTrue();
    assertThat(FilterEvaluator.matches(FilterParser.parse("PartitionKey ne 'x'"), table)).isFalse();
  }

  @Test
  void nullFilter_matchesEverything() {
    assertThat(FilterEvaluator.matches(null, PropertySource.of(entity("A", null)))).isTrue();
    assertThat(FilterEvaluator.predicate(null).test(entity("A", null))).isTrue();
  }
}
