package dev.tabula.protocol;

import dev.tabula.protocol.http.ServiceRequest;

/**
 * The plain XML operations, Get and Set Table ACL ({@code ?comp=acl}) and the service properties
 * and stats operations ({@code ?restype=service}), whose answers differ from the OData operations':
 * their errors are XML, and neither their documents nor their errors carry {@code Cache-Control:
 * no-cache} or {@code X-Content-Type-Options: nosniff}, which every OData answer does (a real
 * account's answers in Azure/azure-sdk-for-python recordings
 * test_table.pyTestTabletest_get_table_acl.json,
 * test_table.pyTestTabletest_set_table_acl_too_many_ids.json,
 * test_table_service_properties.pyTestTableServicePropertiestest_table_service_properties.json and
 * Azure/azure-sdk-for-java session record TableServiceClientTest.getStatistics.json).
 */
final class XmlOperations {
  private XmlOperations() {}

  /** Whether the request is one of the XML operations; false for null (nothing was read). */
  static boolean includes(ServiceRequest request) {
    return request != null
        && ("acl".equals(request.queryParameter("comp"))
            || "service".equals(request.queryParameter("restype")));
  }
}
