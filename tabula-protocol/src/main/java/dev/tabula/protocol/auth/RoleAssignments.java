package dev.tabula.protocol.auth;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Who holds which {@link TableDataRole} in which account: the roles file's lines, each {@code
 * ACCOUNT PRINCIPAL ROLE [TABLE]} separated by spaces, where PRINCIPAL is an object id ({@code
 * oid}) or an application id ({@code appid}, {@code azp}), ROLE is {@code reader} or {@code
 * contributor} (or the role's definition id), and TABLE limits the role to one table. Blank lines
 * and lines starting with {@code #} are skipped. Immutable and thread-safe.
 */
public final class RoleAssignments {
  /** Nobody holds any role: only the tokens' {@code roles} claims grant anything. */
  public static final RoleAssignments NONE = new RoleAssignments(Map.of());

  /** Account -> principal (lower case) -> assignments. */
  private final Map<String, Map<String, List<RoleAssignment>>> byAccount;

  private RoleAssignments(Map<String, Map<String, List<RoleAssignment>>> byAccount) {
    this.byAccount = byAccount;
  }

  /**
   * @throws IllegalArgumentException naming the first line that is not an assignment (its number,
   *     and why)
   */
  public static RoleAssignments parse(List<String> lines) {
    Map<String, Map<String, List<RoleAssignment>>> byAccount = new HashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int number = i + 1;
      String[] fields = line.split("\\s+");
      if (fields.length < 3 || fields.length > 4) {
        throw new IllegalArgumentException(
            "line " + (i + 1) + ": expected ACCOUNT PRINCIPAL ROLE [TABLE]");
      }
      TableDataRole role =
          TableDataRole.named(fields[2])
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "line "
                              + number
                              + ": unknown role '"
                              + fields[2]
                              + "'; choose reader or contributor (Azure has no table data"
                              + " Owner role)"));
      RoleAssignment assignment = new RoleAssignment(role, fields.length == 4 ? fields[3] : null);
      byAccount
          .computeIfAbsent(fields[0], account -> new HashMap<>())
          .computeIfAbsent(fields[1].toLowerCase(Locale.ROOT), principal -> new ArrayList<>())
          .add(assignment);
    }
    return new RoleAssignments(byAccount);
  }

  /** The roles {@code principal} holds in {@code account}; empty when none. */
  List<RoleAssignment> of(String account, String principal) {
    return byAccount
        .getOrDefault(account, Map.of())
        .getOrDefault(principal.toLowerCase(Locale.ROOT), List.of());
  }
}
