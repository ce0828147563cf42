package dev.tabula.protocol.auth;

import dev.tabula.model.EntityKey;
import java.net.InetAddress;

/**
 * What an authenticated request may do, as its credentials say: everything for the account owner
 * (Shared Key), less for a shared access signature. The protocol asks it once per request about the
 * connection and the operation, once more per operation of a batch, and restricts queries to {@link
 * #keys()}. Each refusal is a {@link dev.tabula.model.TableException} with the service's 403 code.
 * Implementations are immutable and thread-safe.
 */
public interface AccessGrant {

  /** The account owner's grant: every operation on every key, over any connection. */
  AccessGrant OWNER =
      new AccessGrant() {
        @Override
        public void checkConnection(String scheme, InetAddress client) {}

        @Override
        public void authorize(ServiceOperation operation, String table, EntityKey key) {}

        @Override
        public KeyScope keys() {
          return KeyScope.ALL;
        }
      };

  /**
   * Refuses a connection the grant does not cover: 403 AuthorizationSourceIPMismatch for a client
   * address outside {@code sip}, 403 AuthorizationProtocolMismatch for HTTP when only HTTPS is
   * allowed.
   *
   * @param scheme {@code http} or {@code https}
   * @param client the client's address, or null when the transport did not say
   */
  void checkConnection(String scheme, InetAddress client);

  /**
   * Refuses an operation the grant does not cover (403 AuthorizationFailure,
   * AuthorizationServiceMismatch, AuthorizationResourceTypeMismatch or
   * AuthorizationPermissionMismatch).
   *
   * @param table the table the operation addresses, or null when it addresses none
   * @param key the entity it addresses, or null when it names none (queries are restricted through
   *     {@link #keys()} instead)
   */
  void authorize(ServiceOperation operation, String table, EntityKey key);

  /** The entity keys the grant reaches; queries are restricted to them. */
  KeyScope keys();
}
