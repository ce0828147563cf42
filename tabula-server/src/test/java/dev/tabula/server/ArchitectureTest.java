package dev.tabula.server;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The "must never use" column of docs/architecture.md's module table, enforced. */
class ArchitectureTest {
  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.tabula");
  }

  @Test
  void model_dependsOnlyOnTheJdk() {
    noClasses()
        .that()
        .resideInAPackage("dev.tabula.model..")
        .should()
        .dependOnClassesThat()
        .resideOutsideOfPackages("dev.tabula.model..", "java..")
        .check(classes);
  }

  @Test
  void engines_knowNoHttpJsonOrCore() {
    noClasses()
        .that()
        .resideInAPackage("dev.tabula.engine..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.tabula.core..",
            "dev.tabula.protocol..",
            "dev.tabula.server..",
            "io.netty..",
            "com.fasterxml..")
        .check(classes);
  }

  @Test
  void core_knowsNoTransportJsonOrConcreteEngine() {
    noClasses()
        .that()
        .resideInAPackage("dev.tabula.core..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.tabula.protocol..",
            "dev.tabula.server..",
            "dev.tabula.engine.memory..",
            "dev.tabula.engine.rocksdb..",
            "dev.tabula.engine.cassandra..",
            "com.datastax..",
            "io.netty..",
            "com.fasterxml..",
            "org.rocksdb..")
        .check(classes);
  }

  @Test
  void protocol_knowsNoTransportOrConcreteEngine() {
    noClasses()
        .that()
        .resideInAPackage("dev.tabula.protocol..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.tabula.server..",
            "dev.tabula.engine.memory..",
            "dev.tabula.engine.rocksdb..",
            "dev.tabula.engine.cassandra..",
            "com.datastax..",
            "io.netty..",
            "org.rocksdb..")
        .check(classes);
  }
}
