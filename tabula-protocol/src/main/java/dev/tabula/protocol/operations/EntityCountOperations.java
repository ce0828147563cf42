package dev.tabula.protocol.operations;

import dev.tabula.core.EntityCountPage;
import dev.tabula.core.EntityService;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.extension.Extension;
import dev.tabula.protocol.extension.RequestedExtensions;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.Resource;
import dev.tabula.query.Filter;
import java.util.Set;

/**
 * Tabula's count extension (docs/extensions.md): {@code GET /table()/$count?$filter=...} with
 * {@code x-tabula-extensions: count} answers 200 with the decimal number of matching entities in
 * this stretch as {@code text/plain}, and the usual continuation headers when the five-second page
 * budget ended the stretch early; the client sums the stretches. Authorized as a query (a SAS needs
 * read), clipped by a SAS's key range as a query is. Only a request that asked for the extension is
 * routed here (without it the path is the service's 400 InvalidUri).
 */
public final class EntityCountOperations {
  private final EntityService entities;

  public EntityCountOperations(EntityService entities) {
    this.entities = entities;
  }

  /** Count Entities: one stretch of the count. */
  public ServiceResponse count(OperationContext context) {
    ServiceRequest request = context.request();
    // Nothing is transferred, so neither a page size nor a projection means anything here; the
    // service's code for a query option it does not support on this resource.
    for (String option : new String[] {"$top", "$select"}) {
      if (request.queryParameter(option) != null) {
        throw TableErrorCode.UNSUPPORTED_QUERY_PARAMETER.exception(
            option + " cannot be used with $count.");
      }
    }
    RequestedExtensions extensions = RequestedExtensions.of(request);
    Filter filter = EntityOperations.requestFilter(context);
    Resource resource = context.resource();
    EntityCountPage page =
        entities.count(
            resource.account(), resource.table(), filter, ContinuationToken.from(request));
    ServiceResponse response =
        new ServiceResponse(200).body("text/plain;charset=utf-8", Long.toString(page.count()));
    QueryPlanHeader.addIfRequested(request, response, page);
    ContinuationToken.addHeaders(response, page.next());
    return extensions.echo(response, Set.of(Extension.COUNT, Extension.STARTS_WITH));
  }
}
