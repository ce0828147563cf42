package dev.tabula.protocol.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tabula.model.EntityKey;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.auth.ServiceOperation;
import dev.tabula.protocol.http.ServiceRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestOperationTest {
  private static final Resource ENTITY =
      new Resource("a", ResourceKind.ENTITY, "t", new EntityKey("p", "r"), "http://h/a");
  private static final Resource TABLE =
      new Resource("a", ResourceKind.TABLE, "t", null, "http://h/a");
  private static final Resource SERVICE =
      new Resource("a", ResourceKind.SERVICE, null, null, "http://h/a");

  private static RequestOperation classify(
      Resource resource, String method, Map<String, List<String>> headers, String query) {
    return RequestOperation.of(
        resource, method, new ServiceRequest(method, "/a/x" + query, headers, new byte[0]));
  }

  private static RequestOperation classify(Resource resource, String method) {
    return classify(resource, method, Map.of(), "");
  }

  @Test
  void entityWrites_withIfMatch_areUpdates_withoutAreUpserts() {
    Map<String, List<String>> ifMatch = Map.of("If-Match", List.of("*"));

    assertThat(classify(ENTITY, "PUT", ifMatch, "").route()).isEqualTo(Route.UPDATE_ENTITY);
    assertThat(classify(ENTITY, "PUT").route()).isEqualTo(Route.INSERT_OR_REPLACE_ENTITY);
    assertThat(classify(ENTITY, "MERGE", ifMatch, "").route()).isEqualTo(Route.MERGE_ENTITY);
    assertThat(classify(ENTITY, "MERGE").authorization())
        .isEqualTo(ServiceOperation.INSERT_OR_MERGE_ENTITY);
    assertThat(classify(ENTITY, "DELETE").route()).isEqualTo(Route.DELETE_ENTITY);
    assertThat(classify(ENTITY, "GET").authorization()).isEqualTo(ServiceOperation.QUERY_ENTITIES);
    assertThat(classify(TABLE, "POST").route()).isEqualTo(Route.INSERT_ENTITY);
  }

  @Test
  void aHeadTheResourceDoesNotTake_isAuthorizedAsItsRead_butHasNoRoute() {
    RequestOperation head = classify(ENTITY, "HEAD");

    assertThat(head.routed()).isEmpty();
    assertThat(head.authorization()).isEqualTo(ServiceOperation.QUERY_ENTITIES);
    assertThat(classify(SERVICE, "HEAD", Map.of(), "?comp=stats").authorization())
        .isEqualTo(ServiceOperation.GET_SERVICE_STATS);
  }

  @Test
  void aMethodTheResourceDoesNotTake_isNeitherRoutedNorAuthorized() {
    RequestOperation post = classify(ENTITY, "POST");

    assertThat(post.routed()).isEmpty();
    assertThat(post.authorized()).isEmpty();
    assertThatThrownBy(() -> new Router().find(post))
        .isInstanceOfSatisfying(
            TableException.class,
            e -> assertThat(e.code()).isEqualTo(TableErrorCode.UNSUPPORTED_HTTP_VERB));
  }

  @Test
  void aPutOfServiceStats_isRoutedToSetProperties_withoutAnAuthorizationFirst() {
    RequestOperation put = classify(SERVICE, "PUT", Map.of(), "?restype=service&comp=stats");

    assertThat(put.route()).isEqualTo(Route.SET_SERVICE_PROPERTIES);
    assertThat(put.authorized()).isEmpty();
    assertThat(classify(SERVICE, "PUT", Map.of(), "?restype=service&comp=properties").authorized())
        .contains(ServiceOperation.SET_SERVICE_PROPERTIES);
  }

  @Test
  void aRouteWithoutAnOperation_isNotImplemented() {
    assertThatThrownBy(() -> new Router().find(classify(TABLE, "GET")))
        .isInstanceOfSatisfying(
            TableException.class,
            e -> assertThat(e.code()).isEqualTo(TableErrorCode.NOT_IMPLEMENTED));
  }
}
