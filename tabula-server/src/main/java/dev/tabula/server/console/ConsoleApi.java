package dev.tabula.server.console;

import dev.tabula.protocol.http.ServiceRequest;
import java.util.Map;

/**
 * The console's API under {@code /console/api/}: the account forwarding ({@link ConsoleForwarding})
 * and the resources registered by path ({@code /console/api/session}, and those other parts of the
 * console add). Called on a console thread, after the access checks.
 */
final class ConsoleApi {
  private final ConsoleForwarding forwarding;
  private final Map<String, ConsoleResource> resources;

  /**
   * @param resources the API's other paths, each a whole path such as {@code /console/api/session}
   */
  ConsoleApi(ConsoleForwarding forwarding, Map<String, ConsoleResource> resources) {
    this.forwarding = forwarding;
    this.resources = Map.copyOf(resources);
  }

  ConsoleAnswer answer(ServiceRequest request) {
    String path = request.rawPath();
    if (path.startsWith(ConsoleForwarding.PREFIX)) {
      return forwarding.answer(request);
    }
    ConsoleResource resource = resources.get(path);
    if (resource == null && path.startsWith(ImportResource.PREFIX)) {
      resource = resources.get(ImportResource.PREFIX);
    }
    if (resource == null) {
      return ConsoleAnswer.text(404, "not found: no console API at " + path);
    }
    return resource.answer(request);
  }
}
