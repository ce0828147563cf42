package dev.tabula.conformance;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs a contract once per engine ({@link EngineUnderTest#everyEngine}), each run on a server of
 * its own; Cassandra runs skip without a node.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedClass(name = "{0}")
@MethodSource("dev.tabula.conformance.EngineUnderTest#everyEngine")
@interface OnEveryEngine {}
