package dev.tabula.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The roles file: what each line grants, and how a bad line is named. */
class RoleAssignmentsTest {

  @Test
  void lines_grantTheirRole_perAccount_andPerTableWhenNamed() {
    RoleAssignments roles =
        RoleAssignments.parse(
            List.of(
                "# comment",
                "",
                "acct OID-1 reader",
                "acct oid-2 Contributor orders",
                "other oid-3 0a9a7e1f-b9d0-4cc4-a60d-0319b160aaa3"));

    assertThat(roles.of("acct", "oid-1"))
        .containsExactly(new RoleAssignment(TableDataRole.READER, null));
    assertThat(roles.of("acct", "OID-2"))
        .containsExactly(new RoleAssignment(TableDataRole.CONTRIBUTOR, "orders"));
    assertThat(roles.of("other", "oid-3"))
        .containsExactly(new RoleAssignment(TableDataRole.CONTRIBUTOR, null));
    assertThat(roles.of("other", "oid-1")).isEmpty();
  }

  @Test
  void aTableScopedRole_coversItsTableOnly_andNoOperationWithoutATable() {
    RoleAssignment scoped = new RoleAssignment(TableDataRole.CONTRIBUTOR, "orders");

    assertThat(scoped.allows(ServiceOperation.INSERT_ENTITY, "Orders")).isTrue();
    assertThat(scoped.allows(ServiceOperation.INSERT_ENTITY, "invoices")).isFalse();
    assertThat(scoped.allows(ServiceOperation.QUERY_TABLES, null)).isFalse();
  }

  @Test
  void badLines_areNamed_andOwnerIsNoTableRole() {
    assertThatThrownBy(() -> RoleAssignments.parse(List.of("acct oid-1")))
        .hasMessage("line 1: expected ACCOUNT PRINCIPAL ROLE [TABLE]");
    assertThatThrownBy(() -> RoleAssignments.parse(List.of("# x", "acct oid-1 owner")))
        .hasMessageStartingWith("line 2: unknown role 'owner'");
  }

  @Test
  void roles_allowWhatTheirActionsAllow() {
    assertThat(TableDataRole.READER.allows(ServiceOperation.QUERY_ENTITIES)).isTrue();
    assertThat(TableDataRole.READER.allows(ServiceOperation.INSERT_ENTITY)).isFalse();
    assertThat(TableDataRole.CONTRIBUTOR.allows(ServiceOperation.ENTITY_GROUP_TRANSACTION))
        .isTrue();
    assertThat(TableDataRole.CONTRIBUTOR.allows(ServiceOperation.SET_TABLE_ACL)).isFalse();
    assertThat(TableDataRole.named("Storage Table Data Reader")).hasValue(TableDataRole.READER);
    assertThat(TableDataRole.named("Owner")).isEmpty();
  }
}
