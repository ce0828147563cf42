package dev.tabula.protocol.batch;

/**
 * {@code $batch} request bodies exactly as the SDKs write them, from their recordings of the real
 * service (boundaries and hosts kept, entity bodies shortened), with CRLF line ends.
 */
final class SdkBatchBodies {
  private SdkBatchBodies() {}

  /** azure-sdk-for-net recording BatchInsertAndMergeAndDelete (2020), Azure.Data.Tables. */
  static final String DOTNET =
      crlf(
          """
          --batch_7684ffcf-b1d4-948c-7c97-8de64ee0fcf2
          Content-Type: multipart/mixed; boundary=changeset_e4afc903-b068-24ed-14b7-928bc91a8942

          --changeset_e4afc903-b068-24ed-14b7-928bc91a8942
          Content-Type: application/http
          Content-Transfer-Encoding: binary

          POST https://chrissscratch.table.core.windows.net/testtableaf7yvuz4?$format=application%2Fjson%3Bodata%3Dminimalmetadata HTTP/1.1
          Host: chrissscratch.table.core.windows.net
          x-ms-version: 2019-02-02
          DataServiceVersion: 3.0
          Prefer: return-no-content
          Accept: application/json
          Content-Type: application/json;odata=nometadata

          {"StringTypeProperty":"This is table entity number 03","PartitionKey":"somPartition","RowKey":"03","Timestamp":null}
          --changeset_e4afc903-b068-24ed-14b7-928bc91a8942
          Content-Type: application/http
          Content-Transfer-Encoding: binary

          PUT https://chrissscratch.table.core.windows.net/testtableaf7yvuz4(PartitionKey='somPartition',RowKey='01')?$format=application%2Fjson%3Bodata%3Dminimalmetadata HTTP/1.1
          Host: chrissscratch.table.core.windows.net
          x-ms-version: 2019-02-02
          DataServiceVersion: 3.0
          If-Match: *
          Accept: application/json
          Content-Type: application/json

          {"StringTypeProperty":"the was updated!","PartitionKey":"somPartition","RowKey":"01","Timestamp":null}
          --changeset_e4afc903-b068-24ed-14b7-928bc91a8942
          Content-Type: application/http
          Content-Transfer-Encoding: binary

          DELETE https://chrissscratch.table.core.windows.net/testtableaf7yvuz4(PartitionKey='somPartition',RowKey='02')?$format=application%2Fjson%3Bodata%3Dminimalmetadata HTTP/1.1
          Host: chrissscratch.table.core.windows.net
          x-ms-version: 2019-02-02
          DataServiceVersion: 3.0
          If-Match: *
          Accept: application/json;odata=minimalmetadata


          --changeset_e4afc903-b068-24ed-14b7-928bc91a8942--

          --batch_7684ffcf-b1d4-948c-7c97-8de64ee0fcf2--
          """);

  /** azure-sdk-for-python recording test_batch_all_operations_together (2020). */
  static final String PYTHON =
      crlf(
          """
          --batch_e32dba7b-c3a7-4784-86ad-eeaa2114b928
          Content-Type: multipart/mixed; boundary=changeset_3d333d75-7ec9-4c96-8be6-ccdc9a0fe9af

          --changeset_3d333d75-7ec9-4c96-8be6-ccdc9a0fe9af
          Content-Type: application/http
          Content-Transfer-Encoding: binary
          Content-ID: 0

          POST https://tablestestxjz4vq7ewcdgud.table.core.windows.net/uttable194014d4 HTTP/1.1
          Prefer: return-no-content
          Content-Type: application/json;odata=nometadata
          x-ms-version: 2019-02-02
          DataServiceVersion: 3.0
          Accept: application/json;odata=minimalmetadata
          Content-Length: 66
          x-ms-date: Sat, 07 Nov 2020 01:23:12 GMT
          Date: Sat, 07 Nov 2020 01:23:12 GMT
          x-ms-client-request-id: cda38da2-2097-11eb-a381-58961df361d1

          {"PartitionKey": "003", "RowKey": "batch_all_operations_together"}
          --changeset_3d333d75-7ec9-4c96-8be6-ccdc9a0fe9af
          Content-Type: application/http
          Content-Transfer-Encoding: binary
          Content-ID: 1

          DELETE https://tablestestxjz4vq7ewcdgud.table.core.windows.net/uttable194014d4(PartitionKey='003',RowKey='batch_all_operations_together-1') HTTP/1.1
          If-Match: *
          x-ms-version: 2019-02-02
          DataServiceVersion: 3.0
          Accept: application/json;odata=minimalmetadata
          x-ms-date: Sat, 07 Nov 2020 01:23:12 GMT
          Date: Sat, 07 Nov 2020 01:23:12 GMT
          x-ms-client-request-id: cda3b264-2097-11eb-a808-58961df361d1


          --changeset_3d333d75-7ec9-4c96-8be6-ccdc9a0fe9af
          Content-Type: application/http
          Content-Transfer-Encoding: binary
          Content-ID: 2

          PATCH https://tablestestxjz4vq7ewcdgud.table.core.windows.net/uttable194014d4(PartitionKey='003',RowKey='batch_all_operations_together-2') HTTP/1.1
          If-Match: *
          Content-Type: application/json
          x-ms-version: 2019-02-02
          DataServiceVersion: 3.0
          Accept: application/json

          {"test3": 10, "PartitionKey": "003", "RowKey": "batch_all_operations_together-2"}
          --changeset_3d333d75-7ec9-4c96-8be6-ccdc9a0fe9af--

          --batch_e32dba7b-c3a7-4784-86ad-eeaa2114b928--
          """);

  /** The Java SDK 12.5.9 as its own serializer writes it (captured through its HttpClient). */
  static final String JAVA =
      crlf(
          """
          --batch_175a51d7-7661-49b8-8f9d-b6bf7a19d66f
          Content-Type: multipart/mixed; boundary=changeset_d1934a45-ae50-4fb5-963b-f7d7c5d83f63

          --changeset_d1934a45-ae50-4fb5-963b-f7d7c5d83f63
          Content-Type: application/http
          Content-Transfer-Encoding: binary

          MERGE http://127.0.0.1:10002/devstoreaccount1/people(PartitionKey='pk',RowKey='r2') HTTP/1.1
          Content-Length: 70
          Content-Type: application/json
          DataServiceVersion: 3.0
          Accept: application/json;odata=minimalmetadata

          {"RowKey":"r2","PartitionKey":"pk","n":"2","n@odata.type":"Edm.Int64"}
          --changeset_d1934a45-ae50-4fb5-963b-f7d7c5d83f63--

          --batch_175a51d7-7661-49b8-8f9d-b6bf7a19d66f--
          """);

  /** The JavaScript SDK, recording should_send_a_set_of_create_batch_operations (2020). */
  static final String JAVASCRIPT =
      crlf(
          """
          --batch_fakeId
          content-type: multipart/mixed;charset="utf-8";boundary=changeset_fakeId


          --changeset_fakeId
          content-type: application/http
          content-transfer-encoding: binary

          POST https://fakestorageaccount.table.core.windows.net/batchTableTestnode HTTP/1.1
          Content-Type: application/json;odata=nometadata
          Prefer: return-no-content


          {"PartitionKey":"batchTest","RowKey":"1","name":"first"}
          --changeset_fakeId
          content-type: application/http
          content-transfer-encoding: binary

          POST https://fakestorageaccount.table.core.windows.net/batchTableTestnode HTTP/1.1
          Content-Type: application/json;odata=nometadata
          content-id: 1

          {"PartitionKey":"batchTest","RowKey":"2","name":"second"}
          --changeset_fakeId--
          --batch_fakeId
          """);

  private static String crlf(String text) {
    return text.replace("\n", "\r\n");
  }
}
