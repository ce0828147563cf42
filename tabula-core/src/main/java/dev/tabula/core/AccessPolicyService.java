package dev.tabula.core;

import dev.tabula.core.storage.TranslatingCatalog;
import dev.tabula.engine.Catalog;
import dev.tabula.model.AccessPolicy;
import dev.tabula.model.TableErrorCode;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The stored access policies of tables (Get Table ACL, Set Table ACL) with the service's rules, and
 * their lookup for shared access signatures that name one. Thread-safe.
 *
 * <p>Rules (learn.microsoft.com "Set Table ACL" and "Define a stored access policy"): at most five
 * policies per table, else 400; an identifier of at most 64 characters; a table's permissions are
 * drawn from {@code raud}; a Set replaces every policy. The service answers the limit violations
 * with a bare 400, and Azurite names it InvalidXmlDocument, which we copy. Identifiers that repeat
 * are refused as well (unconfirmed for the service): a signature naming one would be ambiguous.
 */
public final class AccessPolicyService {
  /** The most stored access policies a table may have. */
  public static final int MAX_POLICIES = 5;

  /** The longest signed identifier, in characters. */
  public static final int MAX_ID_LENGTH = 64;

  private static final String TABLE_PERMISSIONS = "raud";

  private final Catalog catalog;

  public AccessPolicyService(Catalog catalog) {
    this.catalog = TranslatingCatalog.of(catalog);
  }

  /** Get Table ACL: the table's policies in the order set; 404 TableNotFound without the table. */
  public List<AccessPolicy> get(String account, String table) {
    return catalog
        .accessPolicies(account, table)
        .orElseThrow(TableErrorCode.TABLE_NOT_FOUND::exception);
  }

  /**
   * Set Table ACL: replaces the table's policies.
   *
   * @throws dev.tabula.model.TableException 400 InvalidXmlDocument for more than five policies, an
   *     empty, overlong or repeated identifier; 400 InvalidXmlNodeValue for a permission outside
   *     {@code raud}; 404 TableNotFound without the table
   */
  public void set(String account, String table, List<AccessPolicy> policies) {
    check(policies);
    if (!catalog.setAccessPolicies(account, table, policies)) {
      throw TableErrorCode.TABLE_NOT_FOUND.exception();
    }
  }

  /**
   * The policy a shared access signature names, for the signature's table; empty when the table or
   * the policy does not exist (the signature is then refused).
   */
  public Optional<AccessPolicy> find(String account, String table, String id) {
    return catalog.accessPolicies(account, table).orElse(List.of()).stream()
        .filter(policy -> policy.id().equals(id))
        .findFirst();
  }

  private static void check(List<AccessPolicy> policies) {
    if (policies.size() > MAX_POLICIES) {
      throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
    }
    Set<String> ids = new HashSet<>();
    for (AccessPolicy policy : policies) {
      String id = policy.id();
      if (id.isEmpty() || id.length() > MAX_ID_LENGTH || !ids.add(id)) {
        throw TableErrorCode.INVALID_XML_DOCUMENT.exception();
      }
      String permission = policy.permission();
      if (permission != null
          && !permission.chars().allMatch(c -> TABLE_PERMISSIONS.indexOf(c) >= 0)) {
        throw TableErrorCode.INVALID_XML_NODE_VALUE.exception();
      }
    }
  }
}
