package dev.tabula.protocol.auth;

import dev.tabula.model.AccessPolicy;
import java.util.Optional;

/** Finds the stored access policy a service SAS names ({@code si}). Thread-safe. */
@FunctionalInterface
public interface StoredAccessPolicies {

  /** The policy {@code id} of a table; empty when the table or the policy does not exist. */
  Optional<AccessPolicy> find(String account, String table, String id);
}
