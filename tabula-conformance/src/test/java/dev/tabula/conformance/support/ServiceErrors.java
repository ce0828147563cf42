package dev.tabula.conformance.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpHeaderName;
import com.azure.data.tables.models.TableServiceException;
import org.junit.jupiter.api.function.Executable;

/** Assertions on the service's error answers: status, x-ms-error-code and the OData error body. */
public final class ServiceErrors {
  private static final HttpHeaderName ERROR_CODE = HttpHeaderName.fromString("x-ms-error-code");

  private ServiceErrors() {}

  /**
   * Runs an SDK call that must fail with exactly this status and code, as both the header and the
   * parsed error body say (applications switch on {@code getValue().getErrorCode()}).
   */
  public static TableServiceException assertServiceError(int status, String code, Executable call) {
    TableServiceException e =
        assertThrows(TableServiceException.class, call, "expected " + status + " " + code);
    assertThat(e.getResponse().getStatusCode())
        .as("status of %s", e.getMessage())
        .isEqualTo(status);
    assertThat(e.getResponse().getHeaders().getValue(ERROR_CODE))
        .as("x-ms-error-code of %s", e.getMessage())
        .isEqualTo(code);
    assertThat(e.getValue()).as("parsed error body of %s", e.getMessage()).isNotNull();
    assertThat(String.valueOf(e.getValue().getErrorCode()))
        .as("error body code of %s", e.getMessage())
        .isEqualTo(code);
    return e;
  }

  /**
   * Like {@link #assertServiceError} for SDK calls that surface the SDK's internal exception type
   * (the synchronous {@code listTables} does): status and x-ms-error-code only.
   */
  public static HttpResponseException assertHttpError(int status, String code, Executable call) {
    HttpResponseException e =
        assertThrows(HttpResponseException.class, call, "expected " + status + " " + code);
    assertThat(e.getResponse().getStatusCode())
        .as("status of %s", e.getMessage())
        .isEqualTo(status);
    assertThat(e.getResponse().getHeaders().getValue(ERROR_CODE))
        .as("x-ms-error-code of %s", e.getMessage())
        .isEqualTo(code);
    return e;
  }

  /**
   * Asserts a raw error answer: status, x-ms-error-code and, when there is a JSON body, its code.
   */
  public static void assertError(RawResponse response, int status, String code) {
    assertThat(response.status()).as("status of %s", response).isEqualTo(status);
    assertThat(response.errorCode()).as("x-ms-error-code of %s", response).isEqualTo(code);
    String contentType = response.header("Content-Type");
    if (response.body().length > 0 && contentType != null && contentType.contains("json")) {
      assertThat(response.json().path("odata.error").path("code").asText())
          .as("odata.error.code of %s", response)
          .isEqualTo(code);
    }
  }

  /** Asserts a raw error answer whose exact code the service leaves open: status and some code. */
  public static void assertErrorWithSomeCode(RawResponse response, int status) {
    assertThat(response.status()).as("status of %s", response).isEqualTo(status);
    assertThat(response.errorCode()).as("x-ms-error-code of %s", response).isNotBlank();
  }
}
