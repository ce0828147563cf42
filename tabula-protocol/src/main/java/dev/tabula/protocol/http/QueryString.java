package dev.tabula.protocol.http;

import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A query string read into parameters. Reading never fails, so that a request with a bad query is
 * still answered (and its error carries the request's headers): a malformed escape is kept as
 * received and noted, and the protocol refuses the request when it starts.
 *
 * @param parameters decoded names to decoded values, the first value when a name repeats
 * @param repeated the names given more than once
 * @param malformed whether an escape could not be decoded
 */
record QueryString(Map<String, String> parameters, Set<String> repeated, boolean malformed) {
  private static final QueryString EMPTY = new QueryString(Map.of(), Set.of(), false);

  static QueryString parse(String rawQuery) {
    if (rawQuery.isEmpty()) {
      return EMPTY;
    }
    Map<String, String> params = new LinkedHashMap<>();
    Set<String> repeated = null;
    boolean malformed = false;
    for (String pair : rawQuery.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String rawName = eq < 0 ? pair : pair.substring(0, eq);
      String rawValue = eq < 0 ? "" : pair.substring(eq + 1);
      String name = PercentDecoding.decode(rawName, true);
      String value = PercentDecoding.decode(rawValue, true);
      malformed |= name == null || value == null;
      name = name == null ? rawName : name;
      if (params.putIfAbsent(name, value == null ? rawValue : value) != null) {
        if (repeated == null) {
          repeated = new HashSet<>(2);
        }
        repeated.add(name);
      }
    }
    return new QueryString(
        Collections.unmodifiableMap(params), repeated == null ? Set.of() : repeated, malformed);
  }
}
