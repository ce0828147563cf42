package dev.tabula.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The rules of a file read again when it changes (the accounts file, the roles file), one poll at a
 * time, by hand, so that a file caught half-written is a deterministic step rather than a race.
 *
 * <p>Seen to fail (then reverted): with a new text taken at its first read (no second read that
 * must agree), {@link #aFileStillBeingWritten_isNotTaken_untilTwoReadsAgree} took the half-written
 * text; with the warning logged at every read, {@link
 * #anInvalidText_keepsWhatIsInForce_withOneWarning} saw four.
 */
class WatchedFileTest {
  @TempDir Path dir;
  private final List<String> taken = new ArrayList<>();
  private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
  private final Logger log = (Logger) LoggerFactory.getLogger(WatchedFile.class);
  private Path file;
  private WatchedFile<String> watched;

  @BeforeEach
  void start() throws IOException {
    logged.start();
    log.addAppender(logged);
    file = Files.writeString(dir.resolve("watched"), "first");
    watched =
        new WatchedFile<>(
            "test file",
            file,
            "first",
            new WatchedFile.Contents<>() {
              @Override
              public String parse(String text) {
                if (text.startsWith("bad")) {
                  throw new IllegalArgumentException("line 1: bad");
                }
                return text;
              }

              @Override
              public void take(String parsed) {
                taken.add(parsed);
              }

              @Override
              public String stillInForce() {
                return "still using " + (taken.isEmpty() ? "first" : taken.get(taken.size() - 1));
              }
            });
  }

  @AfterEach
  void stop() {
    log.detachAppender(logged);
  }

  @Test
  void aNewText_isTakenAtTheSecondReadThatFindsItUnchanged() throws IOException {
    Files.writeString(file, "second");
    watched.poll();
    assertThat(taken).isEmpty();
    watched.poll();
    assertThat(taken).containsExactly("second");
    watched.poll();
    assertThat(taken).containsExactly("second");
  }

  @Test
  void aFileStillBeingWritten_isNotTaken_untilTwoReadsAgree() throws IOException {
    Files.writeString(file, "sec"); // caught half-written: valid, but not what is meant
    watched.poll();
    Files.writeString(file, "secon");
    watched.poll();
    Files.writeString(file, "second");
    watched.poll();
    assertThat(taken).isEmpty();
    watched.poll();
    assertThat(taken).containsExactly("second");
  }

  @Test
  void anInvalidText_keepsWhatIsInForce_withOneWarning() throws IOException {
    Files.writeString(file, "bad text");
    for (int i = 0; i < 5; i++) {
      watched.poll();
    }
    assertThat(taken).isEmpty();
    assertThat(warnings())
        .singleElement()
        .asString()
        .contains("The test file", "is not valid: line 1: bad", "still using first");

    Files.delete(file);
    watched.poll();
    watched.poll();
    Files.writeString(file, "third");
    watched.poll();
    watched.poll();
    assertThat(taken).containsExactly("third");
    assertThat(warnings()).hasSize(2).last().asString().contains("is gone");
  }

  private List<String> warnings() {
    return logged.list.stream()
        .filter(e -> e.getLevel() == Level.WARN)
        .map(ILoggingEvent::getFormattedMessage)
        .toList();
  }
}
