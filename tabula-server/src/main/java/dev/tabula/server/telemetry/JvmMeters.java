package dev.tabula.server.telemetry;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;

/**
 * The JVM and process figures Micrometer ships (memory pools, garbage collections, threads, loaded
 * classes, CPU, open file descriptors, uptime): what every JVM service's dashboard expects, read
 * from the JVM's own beans when scraped. {@link #close} stops listening for collections.
 */
public final class JvmMeters implements AutoCloseable {
  private final JvmGcMetrics gc = new JvmGcMetrics();

  /** Binds every JVM and process figure to {@code registry}. */
  public JvmMeters(MeterRegistry registry) {
    new JvmMemoryMetrics().bindTo(registry);
    gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new FileDescriptorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
  }

  @Override
  public void close() {
    gc.close();
  }
}
