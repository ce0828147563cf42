package dev.tabula.server.console;

import dev.tabula.protocol.http.ServiceRequest;

/**
 * One path of the console's API, answered from the request alone: {@code /console/api/session}, and
 * those other parts of the console register (the live view's {@code /console/api/activity}). Called
 * on a console thread, never on an event loop, after the console's access checks.
 */
@FunctionalInterface
public interface ConsoleResource {
  /**
   * The answer to {@code request} (its path still {@code /console/api/...}).
   *
   * @return status, headers and body; never null
   */
  ConsoleAnswer answer(ServiceRequest request);
}
