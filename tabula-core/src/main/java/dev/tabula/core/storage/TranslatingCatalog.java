package dev.tabula.core.storage;

import dev.tabula.engine.Catalog;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.AccessPolicy;
import dev.tabula.model.Attempt;
import dev.tabula.model.TableSettings;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/** An engine's catalog whose storage outcomes are the service's errors ({@link StorageErrors}). */
public final class TranslatingCatalog implements Catalog {
  private final Catalog catalog;

  private TranslatingCatalog(Catalog catalog) {
    this.catalog = catalog;
  }

  /** {@code catalog} with its storage outcomes translated; once, however often it is wrapped. */
  public static Catalog of(Catalog catalog) {
    return catalog instanceof TranslatingCatalog ? catalog : new TranslatingCatalog(catalog);
  }

  @Override
  public Optional<TableInfo> createTable(String account, String name) {
    return StorageErrors.translating(() -> catalog.createTable(account, name));
  }

  @Override
  public boolean deleteTable(String account, String name) {
    return StorageErrors.translating(() -> catalog.deleteTable(account, name));
  }

  @Override
  public Optional<TableInfo> findTable(String account, String name) {
    return StorageErrors.translating(() -> catalog.findTable(account, name));
  }

  /** The engine's own lookup as a stage (it may wait without a thread), translated. */
  @Override
  public CompletableFuture<Optional<TableInfo>> findTableAsync(String account, String name) {
    return StorageErrors.translating(
        () ->
            catalog
                .findTableAsync(account, name)
                .exceptionally(
                    failure -> {
                      throw StorageErrors.inStage(failure);
                    }));
  }

  /**
   * The engine's own lookup without waiting (it may answer from memory), its failure translated.
   */
  @Override
  public Attempt<Optional<TableInfo>> tryFindTable(String account, String name) {
    return StorageErrors.translating(() -> catalog.tryFindTable(account, name));
  }

  @Override
  public List<TableInfo> listTables(String account, @Nullable String fromCanonicalName, int limit) {
    return StorageErrors.translating(() -> catalog.listTables(account, fromCanonicalName, limit));
  }

  @Override
  public Optional<List<AccessPolicy>> accessPolicies(String account, String name) {
    return StorageErrors.translating(() -> catalog.accessPolicies(account, name));
  }

  @Override
  public boolean setAccessPolicies(String account, String name, List<AccessPolicy> policies) {
    return StorageErrors.translating(() -> catalog.setAccessPolicies(account, name, policies));
  }

  @Override
  public boolean setTableSettings(String account, String name, TableSettings settings) {
    return StorageErrors.translating(() -> catalog.setTableSettings(account, name, settings));
  }
}
