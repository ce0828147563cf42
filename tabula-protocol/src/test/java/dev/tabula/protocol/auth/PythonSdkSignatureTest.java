package dev.tabula.protocol.auth;

import static dev.tabula.protocol.auth.TestSigner.ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import dev.tabula.protocol.http.ServiceRequest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Requests the official Python SDK signed: azure-data-tables 12.4.2 (Debian's python3-azure),
 * TableClient and TableServiceClient with an AzureNamedKeyCredential for the development account,
 * endpoint {@code http://127.0.0.1:10002/devstoreaccount1}, and a transport that recorded each
 * request instead of sending it. Python signs SharedKey over {@code x-ms-date} (it also sends an
 * identical {@code Date}), which no Java client does, so these vectors are the only check of that
 * path against a real client.
 */
class PythonSdkSignatureTest {
  private static final String SENT = "Mon, 30 Nov 2026 07:24:35 GMT";
  private static final Clock AT_SEND =
      Clock.fixed(Instant.parse("2026-11-30T07:24:35Z"), ZoneOffset.UTC);

  /** One recorded request: what the SDK called, and what it put on the wire. */
  record Vector(String call, String method, String uri, String contentType, String authorization) {
    ServiceRequest request() {
      TestRequest request =
          TestRequest.of(method, uri).header("x-ms-date", SENT).header("Date", SENT);
      if (contentType != null) {
        request.header("Content-Type", contentType);
      }
      return request.header("Authorization", authorization).build();
    }

    @Override
    public String toString() {
      return call;
    }
  }

  static Stream<Vector> vectors() {
    return Stream.of(
        new Vector(
            "delete_entity('a b', '%x')",
            "DELETE",
            "/devstoreaccount1/people(PartitionKey='a%20b',RowKey='%25x')",
            null,
            "SharedKey devstoreaccount1:qBbdxL0myTcBc4QGR6sLomGW/jjeHQq4KgRN5VdNA3w="),
        new Vector(
            "delete_entity(\"o'k\", 'r/1')",
            "DELETE",
            "/devstoreaccount1/people(PartitionKey='o%27%27k',RowKey='r%2F1')",
            null,
            "SharedKey devstoreaccount1:JOLvp7gEpAe6e4othI4euVQBRimzE9fLseuNJzXquIE="),
        new Vector(
            "upsert_entity(MERGE)",
            "PATCH",
            "/devstoreaccount1/people(PartitionKey='p',RowKey='r')",
            "application/json",
            "SharedKey devstoreaccount1:iLBAVqkuLOuMbKxic8806ew3IaWjNfhDVbZjFwWcbE0="),
        new Vector(
            "query_entities(filter, select)",
            "GET",
            "/devstoreaccount1/people()?$select=v&$filter=PartitionKey%20eq%20%27p%27",
            null,
            "SharedKey devstoreaccount1:i8rvV6u3X3Q20sum1M7qGgv8Uul2kvubnJH/Ms5ueYY="),
        new Vector(
            "get_table_access_policy()",
            "GET",
            "/devstoreaccount1/people?comp=acl",
            null,
            "SharedKey devstoreaccount1:3s5SmEflQA+eK2B0370zTZf3bUPMVavZ5rLD+sXhOBg="),
        new Vector(
            "delete_table('x')",
            "DELETE",
            "/devstoreaccount1/Tables('x')",
            null,
            "SharedKey devstoreaccount1:z/VJM7lTuDEE96R289lggKD+rDcPTFsUD3v+BWvrkz0="));
  }

  private final SharedKeyAuthenticator authenticator =
      new SharedKeyAuthenticator(TestSigner.keys(), AT_SEND);

  @ParameterizedTest(name = "{0}")
  @MethodSource("vectors")
  void pythonSignedRequest_verifies(Vector vector) {
    assertThat(authenticator.authenticate(vector.request(), ACCOUNT))
        .isEqualTo(new AuthResult(ACCOUNT, AuthScheme.SHARED_KEY));
  }

  @Test
  void pythonSignedMerge_withAnotherContentType_isRejected() {
    Vector merge = vectors().filter(v -> v.method().equals("PATCH")).findFirst().orElseThrow();
    Vector altered =
        new Vector(
            merge.call(), merge.method(), merge.uri(), "application/xml", merge.authorization());

    TableException e =
        catchThrowableOfType(
            TableException.class, () -> authenticator.authenticate(altered.request(), ACCOUNT));

    assertThat(e.code()).isEqualTo(TableErrorCode.AUTHENTICATION_FAILED);
  }

  @Test
  void pythonSignedDelete_asAMerge_isRejected() {
    Vector delete = vectors().findFirst().orElseThrow();
    Vector altered =
        new Vector(
            delete.call(), "PATCH", delete.uri(), delete.contentType(), delete.authorization());

    TableException e =
        catchThrowableOfType(
            TableException.class, () -> authenticator.authenticate(altered.request(), ACCOUNT));

    assertThat(e.code()).isEqualTo(TableErrorCode.AUTHENTICATION_FAILED);
  }
}
