package dev.tabula.protocol.operations;

import dev.tabula.core.TablePage;
import dev.tabula.core.TableService;
import dev.tabula.model.Attempt;
import dev.tabula.protocol.http.ServiceRequest;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.json.MetadataLevel;
import dev.tabula.protocol.json.ODataContext;
import dev.tabula.protocol.json.TableJsonReader;
import dev.tabula.protocol.json.TableJsonWriter;
import dev.tabula.protocol.json.TablesStream;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.Resource;
import dev.tabula.query.Filter;
import dev.tabula.query.FilterParser;

/** Create Table, Delete Table and Query Tables (a list, or one table by name). */
public final class TableOperations {
  private final TableService tables;

  public TableOperations(TableService tables) {
    this.tables = tables;
  }

  /** Create Table: {@code POST /Tables} with {@code {"TableName":"..."}}. */
  public ServiceResponse create(OperationContext context) {
    ServiceRequest request = context.request();
    MetadataLevel level = level(request);
    RequestOptions.requireJsonBody(request);
    String name = TableJsonReader.readTableName(request.body());
    tables.createTable(context.resource().account(), name);
    String location = context.resource().serviceRoot() + "/Tables('" + name + "')";
    return Responses.preferred(
            RequestOptions.returnPreference(request),
            level,
            () -> TableJsonWriter.writeTable(name, odata(context.resource()), level))
        .header("Location", location)
        .header("DataServiceId", location);
  }

  /** Delete Table: {@code DELETE /Tables('name')}. */
  public ServiceResponse delete(OperationContext context) {
    tables.deleteTable(context.resource().account(), context.resource().table());
    return new ServiceResponse(204);
  }

  /** Query Tables: {@code GET /Tables}, paged with {@code NextTableName}. */
  public ServiceResponse query(OperationContext context) {
    ServiceRequest request = context.request();
    MetadataLevel level = level(request);
    // $top before $filter: a real account answers $top=-1 with 400 InvalidInput even for a filter
    // it would answer 501 NotImplemented (CloudStub TableServiceClientTests,
    // Query_WhenUsingNegativePageNumber_ThrowsException).
    Integer top = RequestOptions.top(request);
    Filter filter = FilterParser.parse(request.queryParameter("$filter"));
    String next = request.queryParameter("NextTableName");
    String from = next == null || next.isEmpty() ? null : ContinuationToken.decode(next);
    TablePage page = tables.queryTables(context.resource().account(), filter, from, top);
    // Streamed like a Query Entities page (the service sends both chunked): the transport writes
    // the names as the connection takes them, and a short page still goes whole (PrefetchedBody).
    ServiceResponse response =
        Responses.json(
            200, level, new TablesStream(page.tableNames(), odata(context.resource()), level));
    if (page.nextTableName() != null) {
      response.header(
          "x-ms-continuation-NextTableName", ContinuationToken.encode(page.nextTableName()));
    }
    return response;
  }

  /** Query Tables for one table: {@code GET /Tables('name')}. */
  public ServiceResponse get(OperationContext context) {
    MetadataLevel level = level(context.request());
    String table = tables.describeTable(context.resource().account(), context.resource().table());
    return described(context, level, table);
  }

  /** {@link #get} without waiting, or would-wait before anything happened. */
  public Attempt<ServiceResponse> tryGet(OperationContext context) {
    MetadataLevel level = level(context.request());
    return tables
        .tryDescribeTable(context.resource().account(), context.resource().table())
        .map(table -> described(context, level, table));
  }

  private static ServiceResponse described(
      OperationContext context, MetadataLevel level, String table) {
    return Responses.json(
        200, level, TableJsonWriter.writeTable(table, odata(context.resource()), level));
  }

  private static MetadataLevel level(ServiceRequest request) {
    return MetadataLevel.negotiate(request.header("Accept"), request.queryParameter("$format"));
  }

  private static ODataContext odata(Resource resource) {
    return new ODataContext(resource.serviceRoot(), resource.account(), "Tables");
  }
}
