package dev.tabula.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The version Tabula was built as: the pom's {@code project.version}, written into {@code
 * version.properties} by Maven's resource filtering, so that {@code tabula --version}, the startup
 * line and the {@code Server} header say the same as the artifacts' names. A resource rather than
 * the jar manifest, so that it holds for a server run from the classes directories too (the
 * tests').
 */
public final class TabulaVersion implements IVersionProvider {
  private static final String RESOURCE = "version.properties";

  /** Read once: the resource is in the same jar as this class and cannot change. */
  private static final String CURRENT = read();

  /** The version, such as {@code 0.1.0} or {@code 0.1.0-SNAPSHOT}. */
  public static String current() {
    return CURRENT;
  }

  /** What {@code tabula --version} prints. */
  @Override
  public String[] getVersion() {
    return new String[] {"tabula " + current()};
  }

  private static String read() {
    try (InputStream in = TabulaVersion.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("The build left out " + RESOURCE + " next to this class");
      }
      Properties properties = new Properties();
      properties.load(in);
      String version = properties.getProperty("version", "");
      if (version.isBlank() || version.startsWith("${")) {
        throw new IllegalStateException(RESOURCE + " was not filtered by the build: " + version);
      }
      return version.trim();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
