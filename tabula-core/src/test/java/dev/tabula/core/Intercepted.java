package dev.tabula.core;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

/**
 * An engine interface's real implementation with one method answered by the test instead, for tests
 * that hold an engine's answers back or count its calls.
 */
final class Intercepted {
  private Intercepted() {}

  /** What the test answers the intercepted method with, given its arguments. */
  interface Answer {
    Object answer(Object[] args);
  }

  /** {@code target} as a {@code type} whose {@code method} (by name) {@code answer} answers. */
  static <T> T of(Class<T> type, T target, String method, Answer answer) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (proxy, called, args) -> {
              if (called.getName().equals(method)) {
                return answer.answer(args);
              }
              try {
                return called.invoke(target, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            }));
  }
}
