package dev.tabula.bench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The bench measures the other modules from outside: none of its classes declares itself in a
 * package of the module it measures (as KeyCodecBenchmark once did in the RocksDB engine's, to
 * reach a package-private class). tabula-server's ArchitectureTest holds the other module rules;
 * this one lives here because the bench is the only module that depends on every other and so the
 * only place its classes can be seen from.
 */
class BenchPackagesTest {

  @Test
  void benchClasses_resideInTheBenchPackage() {
    JavaClasses bench =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> location.contains("/tabula-bench/"))
            .importPackages("dev.tabula");
    classes().should().resideInAPackage("dev.tabula.bench..").check(bench);
  }
}
