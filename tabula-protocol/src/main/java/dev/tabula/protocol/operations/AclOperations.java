package dev.tabula.protocol.operations;

import dev.tabula.core.AccessPolicyService;
import dev.tabula.model.AccessPolicy;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.Resource;
import dev.tabula.protocol.xml.SignedIdentifiersXml;
import dev.tabula.protocol.xml.XmlContent;
import java.util.List;

/**
 * Get Table ACL ({@code GET} or {@code HEAD /table?comp=acl}, 200 with the policies as XML) and Set
 * Table ACL ({@code PUT /table?comp=acl}, 204), learn.microsoft.com "Get Table ACL", "Set Table
 * ACL". Only the account owner reaches them: every shared access signature is refused before.
 */
public final class AclOperations {
  private static final byte[] NO_BODY = new byte[0];

  private final AccessPolicyService policies;

  public AclOperations(AccessPolicyService policies) {
    this.policies = policies;
  }

  /** Get Table ACL; a HEAD gets the same status and headers without the body. */
  public ServiceResponse get(OperationContext context) {
    Resource resource = context.resource();
    List<AccessPolicy> stored = policies.get(resource.account(), resource.table());
    byte[] body = context.method().equals("HEAD") ? NO_BODY : SignedIdentifiersXml.write(stored);
    return new ServiceResponse(200).body(XmlContent.TYPE, body);
  }

  /** Set Table ACL: replaces every stored access policy of the table. */
  public ServiceResponse set(OperationContext context) {
    Resource resource = context.resource();
    policies.set(
        resource.account(), resource.table(), SignedIdentifiersXml.read(context.request().body()));
    return new ServiceResponse(204);
  }
}
