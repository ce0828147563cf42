package dev.tabula.conformance;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs a paging contract once per engine and page size ({@link
 * EngineUnderTest#everyEngineAndPageSize}): small pages make every listing continue.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedClass(name = "{0}")
@MethodSource("dev.tabula.conformance.EngineUnderTest#everyEngineAndPageSize")
@interface OnEveryEngineAndPageSize {}
