package dev.tabula.protocol.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MethodResolverTest {

  private static String resolve(String method, List<String> xMethod) {
    Map<String, List<String>> headers =
        xMethod.isEmpty() ? Map.of() : Map.of("X-HTTP-Method", xMethod);
    return MethodResolver.effectiveMethod(new ServiceRequest(method, "/a/t", headers, new byte[0]));
  }

  private static TableErrorCode failure(String method, List<String> xMethod) {
    try {
      resolve(method, xMethod);
    } catch (TableException e) {
      return e.code();
    }
    throw new AssertionError("expected a failure");
  }

  @Test
  void patchAndMergeAndTunnelledMerge_allMeanMerge() {
    assertThat(resolve("PATCH", List.of())).isEqualTo("MERGE");
    assertThat(resolve("MERGE", List.of())).isEqualTo("MERGE");
    assertThat(resolve("POST", List.of("MERGE"))).isEqualTo("MERGE");
    assertThat(resolve("POST", List.of("delete"))).isEqualTo("DELETE");
    assertThat(resolve("GET", List.of())).isEqualTo("GET");
  }

  @Test
  void tunnellingErrors_carryTheServiceCodes() {
    assertThat(failure("GET", List.of("MERGE"))).isEqualTo(TableErrorCode.X_METHOD_NOT_USING_POST);
    assertThat(failure("POST", List.of("GET"))).isEqualTo(TableErrorCode.X_METHOD_INCORRECT_VALUE);
    assertThat(failure("POST", List.of("MERGE", "PUT")))
        .isEqualTo(TableErrorCode.X_METHOD_INCORRECT_COUNT);
  }

  private static String resolvePart(String method, List<String> xMethod) {
    Map<String, List<String>> headers =
        xMethod.isEmpty() ? Map.of() : Map.of("X-HTTP-Method", xMethod);
    return MethodResolver.effectivePartMethod(
        new ServiceRequest(method, "/a/t", headers, new byte[0]));
  }

  private static TableErrorCode partFailure(String method, List<String> xMethod) {
    try {
      resolvePart(method, xMethod);
    } catch (TableException e) {
      return e.code();
    }
    throw new AssertionError("expected a failure");
  }

  /** The legacy Java library's batch parts: MERGE with X-HTTP-Method: MERGE (azure-storage 8.x). */
  @Test
  void batchPart_repeatingItsOwnVerb_isThatVerb() {
    assertThat(resolvePart("MERGE", List.of("MERGE"))).isEqualTo("MERGE");
    assertThat(resolvePart("PUT", List.of("put"))).isEqualTo("PUT");
    assertThat(resolvePart("DELETE", List.of("DELETE"))).isEqualTo("DELETE");
    assertThat(resolvePart("POST", List.of("MERGE"))).isEqualTo("MERGE");
    assertThat(resolvePart("PATCH", List.of())).isEqualTo("MERGE");
  }

  @Test
  void batchPart_otherTunnellingForms_failAsOnASingleRequest() {
    assertThat(partFailure("MERGE", List.of("DELETE")))
        .isEqualTo(TableErrorCode.X_METHOD_NOT_USING_POST);
    assertThat(partFailure("GET", List.of("GET")))
        .isEqualTo(TableErrorCode.X_METHOD_NOT_USING_POST);
    assertThat(partFailure("POST", List.of("POST")))
        .isEqualTo(TableErrorCode.X_METHOD_INCORRECT_VALUE);
    assertThat(partFailure("MERGE", List.of("MERGE", "MERGE")))
        .isEqualTo(TableErrorCode.X_METHOD_NOT_USING_POST);
  }

  /**
   * Outside $batch the documented error stands (Table service error codes: XMethodNotUsingPost).
   */
  @Test
  void singleRequest_repeatingItsOwnVerb_isStillXMethodNotUsingPost() {
    assertThat(failure("MERGE", List.of("MERGE")))
        .isEqualTo(TableErrorCode.X_METHOD_NOT_USING_POST);
  }

  @Test
  void router_unknownMethodOnKnownResource_isUnsupportedVerb() {
    Router router = new Router().route(Route.QUERY_TABLES, c -> null);
    Resource tables = new Resource("a", ResourceKind.TABLES, null, null, "http://h/a");
    ServiceRequest put = new ServiceRequest("PUT", "/a/Tables", Map.of(), new byte[0]);
    assertThatThrownBy(() -> router.find(RequestOperation.of(tables, "PUT", put)))
        .isInstanceOfSatisfying(
            TableException.class,
            e -> assertThat(e.code()).isEqualTo(TableErrorCode.UNSUPPORTED_HTTP_VERB));
  }
}
