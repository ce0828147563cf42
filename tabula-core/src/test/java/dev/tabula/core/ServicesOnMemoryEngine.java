package dev.tabula.core;

import dev.tabula.core.properties.ServicePropertiesService;
import dev.tabula.engine.memory.MemoryStorageEngine;
import dev.tabula.model.EdmValue;
import dev.tabula.model.Entity;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The core services over one real in-memory engine, wired as the server wires them, for tests that
 * drive the services through their public methods. Close it after the test.
 */
final class ServicesOnMemoryEngine implements AutoCloseable {
  static final String ACCOUNT = "devstoreaccount1";

  final MemoryStorageEngine engine = new MemoryStorageEngine();
  final TableService tables = new TableService(engine.catalog());
  final EntityService entities;
  final BatchService batches = new BatchService(tables, engine.entities());
  final AccessPolicyService policies = new AccessPolicyService(engine.catalog());
  final ServicePropertiesService properties =
      new ServicePropertiesService(engine.accountSettings());

  /** Services with the service's page size of 1,000 entities. */
  ServicesOnMemoryEngine() {
    this(1000);
  }

  ServicesOnMemoryEngine(int pageSize) {
    entities = new EntityService(tables, engine.entities(), pageSize);
  }

  /** Creates a table in {@link #ACCOUNT} and returns its name. */
  String newTable(String name) {
    tables.createTable(ACCOUNT, name);
    return name;
  }

  /** An entity not stored yet with properties given as name, value, name, value... */
  static Entity entity(String partitionKey, String rowKey, Object... namesAndValues) {
    Map<String, EdmValue> properties = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      properties.put((String) namesAndValues[i], (EdmValue) namesAndValues[i + 1]);
    }
    return Entity.unsaved(partitionKey, rowKey, properties);
  }

  /** An Edm.String value. */
  static EdmValue text(String value) {
    return new EdmValue.EdmString(value);
  }

  /** An Edm.Int32 value. */
  static EdmValue int32(int value) {
    return new EdmValue.EdmInt32(value);
  }

  @Override
  public void close() {
    engine.close();
  }
}
