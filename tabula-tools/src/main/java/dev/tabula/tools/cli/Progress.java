package dev.tabula.tools.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * How long work shows how far it got, on standard error: a progress bar (the {@code progressbar}
 * library: count, rate, ETA when the total is known) on a terminal; a plain line every few seconds
 * otherwise (a log, a CI job), and nothing with {@code --progress none}. Thread-safe: an import's
 * senders step it concurrently.
 */
public abstract class Progress implements AutoCloseable {

  /** The display a command asked for with {@code --progress}. */
  public enum Mode {
    /** A bar on a terminal, lines otherwise. */
    AUTO,
    BAR,
    LINES,
    NONE
  }

  /** Adds {@code n} units done. */
  public abstract void step(long n);

  /** Shows a short note beside the count (entities written, rows refused). */
  public abstract void note(String text);

  /** Ends the display (the bar's last state, or a last line). */
  @Override
  public abstract void close();

  /**
   * Starts a display.
   *
   * @param task what is being done ({@code export orders})
   * @param unit the counted unit ({@code entities}, {@code MiB})
   * @param total the units expected in all, or -1 when unknown
   * @param unitSize how many counted steps make one shown unit (1, or 1,048,576 for MiB)
   */
  public static Progress start(
      Mode mode, PrintStream err, String task, String unit, long total, long unitSize) {
    Mode chosen = mode == Mode.AUTO ? (Terminals.stderrIsTerminal() ? Mode.BAR : Mode.LINES) : mode;
    return switch (chosen) {
      case BAR -> new Bar(err, task, unit, total, unitSize);
      case LINES -> new Lines(err, task, unit, total, unitSize, Duration.ofSeconds(5));
      default -> new Silent();
    };
  }

  private static final class Silent extends Progress {
    @Override
    public void step(long n) {}

    @Override
    public void note(String text) {}

    @Override
    public void close() {}
  }

  private static final class Bar extends Progress {
    private final ProgressBar bar;

    Bar(PrintStream err, String task, String unit, long total, long unitSize) {
      this.bar =
          new ProgressBarBuilder()
              .setTaskName(task)
              .setInitialMax(total)
              .setUnit(" " + unit, unitSize)
              .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK)
              .setConsumer(new ConsoleProgressBarConsumer(err))
              .setUpdateIntervalMillis(250)
              .showSpeed()
              .build();
    }

    @Override
    public void step(long n) {
      bar.stepBy(n);
    }

    @Override
    public void note(String text) {
      bar.setExtraMessage(text);
    }

    @Override
    public void close() {
      bar.close();
    }
  }

  /** One line every period, from a daemon thread, and a last one at the end. */
  private static final class Lines extends Progress {
    private final PrintStream err;
    private final String task;
    private final String unit;
    private final long total;
    private final long unitSize;
    private final long startNanos = System.nanoTime();
    private final java.util.concurrent.atomic.AtomicLong done =
        new java.util.concurrent.atomic.AtomicLong();
    private volatile String note = "";
    private final Thread ticker;

    Lines(PrintStream err, String task, String unit, long total, long unitSize, Duration every) {
      this.err = err;
      this.task = task;
      this.unit = unit;
      this.total = total;
      this.unitSize = unitSize;
      this.ticker =
          new Thread(
              () -> {
                try {
                  while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(every.toMillis());
                    print();
                  }
                } catch (InterruptedException e) {
                  // closed
                }
              },
              "progress-lines");
      ticker.setDaemon(true);
      ticker.start();
    }

    @Override
    public void step(long n) {
      done.addAndGet(n);
    }

    @Override
    public void note(String text) {
      this.note = text;
    }

    private void print() {
      long units = done.get() / unitSize;
      double seconds = Math.max(1e-3, (System.nanoTime() - startNanos) / 1e9);
      StringBuilder line =
          new StringBuilder(task).append(": ").append(String.format(Locale.ROOT, "%,d", units));
      if (total > 0) {
        line.append(String.format(Locale.ROOT, " of %,d", total / unitSize));
      }
      line.append(' ')
          .append(unit)
          .append(
              String.format(Locale.ROOT, ", %,.0f %s/s, %.0f s", units / seconds, unit, seconds));
      if (!note.isEmpty()) {
        line.append(" (").append(note).append(')');
      }
      err.println(line);
      err.flush();
    }

    @Override
    public void close() {
      ticker.interrupt();
      try {
        ticker.join(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      print();
    }
  }
}
