package dev.tabula.protocol.routing;

import dev.tabula.protocol.http.ServiceResponse;
import java.util.concurrent.CompletableFuture;

/**
 * A service operation that answers once its engine work completes: it starts the work and returns
 * the stage of its response. The writes are these, single-entity writes and {@code $batch} alike,
 * so that no thread waits for a synced write.
 */
@FunctionalInterface
public interface AsyncOperation {

  /**
   * Starts the operation. Client mistakes found at once are thrown as {@link
   * dev.tabula.model.TableException}, later ones complete the stage with one; the caller renders
   * them. The stage's last steps run on {@link OperationContext#finishOn()}.
   */
  CompletableFuture<ServiceResponse> start(OperationContext context);
}
