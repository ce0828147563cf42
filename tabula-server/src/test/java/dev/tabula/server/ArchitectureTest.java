package dev.tabula.server;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
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
    // JSpecify's nullness annotations excepted: they are declarations only.
    noClasses()
        .that()
        .resideInAPackage("dev.tabula.model..")
        .should()
        .dependOnClassesThat()
        .resideOutsideOfPackages("dev.tabula.model..", "java..", "org.jspecify.annotations..")
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

  /**
   * The data commands are clients of the REST API only, so they work the same against Tabula,
   * Azurite and Azure: none of the server's layers, engines or model.
   */
  @Test
  void tools_knowOnlyTheRestApi() {
    noClasses()
        .that()
        .resideInAPackage("dev.tabula.tools..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.tabula.model..",
            "dev.tabula.query..",
            "dev.tabula.engine..",
            "dev.tabula.core..",
            "dev.tabula.protocol..",
            "dev.tabula.server..",
            "io.netty..")
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

  @Test
  void query_knowsNoEngine() {
    noClasses()
        .that()
        .resideInAPackage("dev.tabula.query..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.tabula.engine..")
        .check(classes);
  }

  @Test
  void protocol_reachesEnginesOnlyThroughCore() {
    noClasses()
        .that()
        .resideInAPackage("dev.tabula.protocol..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.tabula.engine..")
        .check(classes);
  }

  @Test
  void engines_sayStorageOutcomesInTheirOwnWords() {
    noClasses()
        .that()
        .resideInAPackage("dev.tabula.engine..")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("dev.tabula.model.TableErrorCode")
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName("dev.tabula.model.TableException")
        .check(classes);
  }

  /**
   * An engine's package belongs to its module: no other module declares classes in it to reach its
   * package-private parts (tabula-bench, which this module cannot see, has BenchPackagesTest).
   */
  @Test
  void enginePackages_holdOnlyTheirOwnModulesClasses() {
    for (String engine : List.of("memory", "rocksdb", "cassandra")) {
      classes()
          .that()
          .resideInAPackage("dev.tabula.engine." + engine + "..")
          .should(comeFromModule("tabula-engine-" + engine))
          .check(classes);
    }
  }

  @Test
  void noPackageCycles() {
    slices().matching("dev.tabula.(**)").should().beFreeOfCycles().check(classes);
  }

  /** Classes whose class file lies in the module's build output or jar. */
  private static ArchCondition<JavaClass> comeFromModule(String module) {
    return new ArchCondition<>("come from module " + module) {
      @Override
      public void check(JavaClass javaClass, ConditionEvents events) {
        String location =
            javaClass.getSource().map(source -> source.getUri().toString()).orElse("");
        boolean inModule =
            location.contains("/" + module + "/") || location.contains("/" + module + "-");
        events.add(
            new SimpleConditionEvent(
                javaClass, inModule, javaClass.getName() + " comes from " + location));
      }
    };
  }
}
