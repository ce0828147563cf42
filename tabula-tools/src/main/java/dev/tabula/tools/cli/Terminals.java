package dev.tabula.tools.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether standard error is a terminal, which decides between a progress bar and plain lines. */
final class Terminals {
  private Terminals() {}

  /**
   * On Linux, where standard error's file descriptor points ({@code /dev/pts/N}, {@code
   * /dev/ttyN}); elsewhere the JDK's console, which exists when standard input and output are
   * terminals.
   */
  static boolean stderrIsTerminal() {
    Path fd = Path.of("/proc/self/fd/2");
    if (Files.isSymbolicLink(fd)) {
      try {
        String target = Files.readSymbolicLink(fd).toString();
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
      } catch (IOException | UnsupportedOperationException e) {
        return false;
      }
    }
    return System.console() != null;
  }
}
