package dev.tabula.core;

import static dev.tabula.core.Refusals.assertRefused;
import static dev.tabula.core.ServicesOnMemoryEngine.ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tabula.model.AccessPolicy;
import dev.tabula.model.TableErrorCode;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link AccessPolicyService} over the in-memory engine: Get and Set Table ACL, and the lookup. */
class AccessPolicyServiceTest {
  private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");
  private static final Instant EXPIRY = Instant.parse("2030-02-01T00:00:00Z");

  private final ServicesOnMemoryEngine services = new ServicesOnMemoryEngine();
  private final AccessPolicyService policies = services.policies;
  private final String table = services.newTable("shared");

  @AfterEach
  void close() {
    services.close();
  }

  private static AccessPolicy policy(String id, String permission) {
    return new AccessPolicy(id, START, EXPIRY, permission);
  }

  @Test
  void get_ofANewTable_isEmpty() {
    assertThat(policies.get(ACCOUNT, table)).isEmpty();
  }

  @Test
  void set_isReadBackInTheOrderSet() {
    List<AccessPolicy> set =
        List.of(policy("read", "r"), policy("all", "raud"), policy("open", null));

    policies.set(ACCOUNT, "SHARED", set);

    assertThat(policies.get(ACCOUNT, table)).containsExactlyElementsOf(set);
  }

  @Test
  void set_replacesEveryPolicy() {
    policies.set(ACCOUNT, table, List.of(policy("a", "r"), policy("b", "a")));

    policies.set(ACCOUNT, table, List.of(policy("c", "u")));

    assertThat(policies.get(ACCOUNT, table)).containsExactly(policy("c", "u"));
  }

  @Test
  void set_ofFivePolicies_isAccepted_andOfSix_isRefusedWithInvalidXmlDocument() {
    List<AccessPolicy> six = IntStream.range(0, 6).mapToObj(i -> policy("id" + i, "r")).toList();

    policies.set(ACCOUNT, table, six.subList(0, 5));
    assertRefused(TableErrorCode.INVALID_XML_DOCUMENT, () -> policies.set(ACCOUNT, table, six));
    assertThat(policies.get(ACCOUNT, table)).hasSize(5);
  }

  @Test
  void set_withAnEmptyOverlongOrRepeatedIdentifier_isRefusedWithInvalidXmlDocument() {
    String longest = "i".repeat(AccessPolicyService.MAX_ID_LENGTH);
    policies.set(ACCOUNT, table, List.of(policy(longest, "r")));

    for (List<AccessPolicy> refused :
        List.of(
            List.of(policy("", "r")),
            List.of(policy(longest + "i", "r")),
            List.of(policy("twice", "r"), policy("twice", "a")))) {
      assertRefused(
          TableErrorCode.INVALID_XML_DOCUMENT, () -> policies.set(ACCOUNT, table, refused));
    }
  }

  @Test
  void set_withAPermissionOutsideRaud_isRefusedWithInvalidXmlNodeValue() {
    assertRefused(
        TableErrorCode.INVALID_XML_NODE_VALUE,
        () -> policies.set(ACCOUNT, table, List.of(policy("write", "rw"))));
  }

  @Test
  void getAndSet_ofAMissingTable_areRefusedWithTableNotFound() {
    assertRefused(TableErrorCode.TABLE_NOT_FOUND, () -> policies.get(ACCOUNT, "absent"));
    assertRefused(
        TableErrorCode.TABLE_NOT_FOUND,
        () -> policies.set(ACCOUNT, "absent", List.of(policy("a", "r"))));
  }

  @Test
  void find_returnsTheNamedPolicy_andNothingForAnUnknownIdOrTable() {
    policies.set(ACCOUNT, table, List.of(policy("a", "r"), policy("b", "a")));

    assertThat(policies.find(ACCOUNT, table, "b")).contains(policy("b", "a"));
    assertThat(policies.find(ACCOUNT, table, "c")).isEmpty();
    assertThat(policies.find(ACCOUNT, "absent", "a")).isEmpty();
  }

  @Test
  void deletingTheTable_dropsItsPolicies() {
    policies.set(ACCOUNT, table, List.of(policy("a", "r")));

    services.tables.deleteTable(ACCOUNT, table);
    services.tables.createTable(ACCOUNT, table);

    assertThat(policies.get(ACCOUNT, table)).isEmpty();
    assertThat(policies.find(ACCOUNT, table, "a")).isEmpty();
  }
}
