package dev.tabula.protocol.operations;

import dev.tabula.core.TableSettingsService;
import dev.tabula.protocol.extension.Extension;
import dev.tabula.protocol.extension.RequestedExtensions;
import dev.tabula.protocol.http.ServiceResponse;
import dev.tabula.protocol.json.TableSettingsJson;
import dev.tabula.protocol.routing.OperationContext;
import dev.tabula.protocol.routing.Resource;
import java.util.Set;

/**
 * Tabula's table-settings extension (docs/extensions.md): {@code GET /table?comp=tabula-settings}
 * answers 200 with the table's settings as JSON, {@code PUT} replaces them all (204). Only a
 * request that asked for the {@code settings} extension is routed here; only the account owner
 * reaches it, as Get and Set Table ACL.
 */
public final class TableSettingsOperations {
  private static final Set<Extension> APPLIED = Set.of(Extension.SETTINGS);

  private final TableSettingsService settings;

  public TableSettingsOperations(TableSettingsService settings) {
    this.settings = settings;
  }

  /** Get Table Settings. */
  public ServiceResponse get(OperationContext context) {
    Resource resource = context.resource();
    ServiceResponse response =
        new ServiceResponse(200)
            .body(
                "application/json;charset=utf-8",
                TableSettingsJson.write(settings.get(resource.account(), resource.table())));
    return RequestedExtensions.of(context.request()).echo(response, APPLIED);
  }

  /** Set Table Settings: replaces every setting of the table. */
  public ServiceResponse set(OperationContext context) {
    Resource resource = context.resource();
    settings.set(
        resource.account(), resource.table(), TableSettingsJson.read(context.request().body()));
    return RequestedExtensions.of(context.request()).echo(new ServiceResponse(204), APPLIED);
  }
}
