package dev.tabula.protocol.operations;

import dev.tabula.core.properties.ServicePropertiesService;
import dev.tabula.model.TableErrorCode;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.xml.ServicePropertiesXml;
import dev.tabula.protocol.xml.ServiceStatsXml;
import dev.tabula.protocol.xml.XmlContent;
import java.time.Clock;

/**
 * The operations on the account root ({@code /?restype=service&comp=..}): Get and Set Table Service
 * Properties (200 with the XML, 202 on set) and Get Table Service Stats. Both query parameters are
 * required ("the combination of both query strings is required"); anything else on the root is 400
 * InvalidQueryParameterValue.
 *
 * <p>Stats: the service answers them only on the secondary endpoint ("only available on the
 * secondary location endpoint when read-access geo-redundant replication is enabled", Get Table
 * Service Stats); the SDKs send them there (Python 12.4.2 to its secondary host, the Java SDK's own
 * test to a client built on {@code {account}-secondary}). Tabula has one copy of the data, so it
 * answers status {@code live} with the current time as the last sync: a replica that is never
 * behind. On the primary the request is 400 InvalidQueryParameterValue, as Azurite answers it;
 * Azurite's test of that ({@code tests/table/apis/table.service.test.ts}, "GetServiceStats
 * negative") is written to run against a real account too and expects 400, but no record of a real
 * account's answer is public.
 */
public final class ServicePropertiesOperations {
  private final ServicePropertiesService properties;
  private final Clock clock;

  public ServicePropertiesOperations(ServicePropertiesService properties, Clock clock) {
    this.properties = properties;
    this.clock = clock;
  }

  /** GET on the account root: Get Table Service Properties or Get Table Service Stats. */
  public ServiceResponse get(OperationContext context) {
    return switch (comp(context)) {
      case "properties" ->
          new ServiceResponse(200)
              .body(
                  XmlContent.TYPE,
                  ServicePropertiesXml.write(properties.get(context.resource().account())));
      case "stats" -> stats(context);
      default -> throw TableErrorCode.INVALID_QUERY_PARAMETER_VALUE.exception();
    };
  }

  private ServiceResponse stats(OperationContext context) {
    if (!context.resource().secondary()) {
      throw TableErrorCode.INVALID_QUERY_PARAMETER_VALUE.exception();
    }
    return new ServiceResponse(200)
        .body(XmlContent.TYPE, ServiceStatsXml.write("live", clock.instant()));
  }

  /** PUT on the account root: Set Table Service Properties. */
  public ServiceResponse set(OperationContext context) {
    if (!comp(context).equals("properties")) {
      throw TableErrorCode.INVALID_QUERY_PARAMETER_VALUE.exception();
    }
    properties.set(
        context.resource().account(), ServicePropertiesXml.read(context.request().body()));
    return new ServiceResponse(202);
  }

  /** The {@code comp} of a {@code restype=service} request; empty text for anything else. */
  private static String comp(OperationContext context) {
    String comp = context.request().queryParameter("comp");
    return "service".equals(context.request().queryParameter("restype")) && comp != null
        ? comp
        : "";
  }
}
