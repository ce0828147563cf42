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
 * <p>Stats: the service answers them only on the read-only secondary endpoint of a geo-replicated
 * account, and Azurite only on its {@code -secondary} address. Tabula has one copy of the data and
 * the SDKs ask their own endpoint ({@code TableServiceClient.getStatistics} sends the request to
 * the client's URL), so it answers every endpoint with status {@code live} and the current time as
 * the last sync: a replica that is never behind.
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
      case "properties" -> new ServiceResponse(200)
          .body(XmlContent.TYPE,
              ServicePropertiesXml.write(properties.get(context.resource().account())));
      case "stats" -> new ServiceResponse(200)
          .body(XmlContent.TYPE, ServiceStatsXml.write("live", clock.instant()));
      default -> throw TableErrorCode.INVALID_QUERY_PARAMETER_VALUE.exception();
    };
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
