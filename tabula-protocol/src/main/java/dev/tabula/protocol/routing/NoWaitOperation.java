package dev.tabula.protocol.routing;

import dev.tabula.model.Attempt;
import dev.tabula.protocol.http.ServiceResponse;
import java.util.concurrent.CompletableFuture;

/**
 * The form of an operation a network event loop may run: it never waits. It answers with the stage
 * of its response, as {@link AsyncOperation#start} does, or says it would have to wait before
 * anything of it has happened, so that a worker can run the ordinary operation instead.
 */
@FunctionalInterface
public interface NoWaitOperation {

  /**
   * Starts the operation without waiting. Client mistakes found at once are thrown as {@link
   * dev.tabula.model.TableException}, as by the ordinary operation: that is an answer too.
   */
  Attempt<CompletableFuture<ServiceResponse>> tryStart(OperationContext context);
}
