package dev.tabula.protocol.json;

import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * A growable byte buffer taken from a small shared pool for one document and given back after it,
 * so writing a large entity (up to 1 MiB) does not regrow (and copy) a fresh buffer from a few
 * bytes each time; the document is copied out once, at its exact length. The pool holds at most
 * {@link #POOLED} buffers of at most {@link #RETAIN_LIMIT} bytes, whatever the number of threads;
 * when it is empty a new buffer is made, and a buffer that is not wanted back is left to the GC.
 * One buffer serves one document at a time; the pool is thread-safe.
 */
final class ReusableOutput extends OutputStream {
  /** The largest buffer kept for reuse: the largest entity (1 MiB of data) fits. */
  static final int RETAIN_LIMIT = 2 * 1024 * 1024;

  /** How many buffers the pool keeps: enough for the documents written at once on 2 cores. */
  static final int POOLED = 4;

  private static final int INITIAL = 8 * 1024;
  private static final ArrayBlockingQueue<ReusableOutput> POOL = new ArrayBlockingQueue<>(POOLED);

  private byte[] buf = new byte[INITIAL];
  private int count;

  private ReusableOutput() {}

  /** An empty buffer for one document, from the pool when it has one. */
  static ReusableOutput take() {
    ReusableOutput pooled = POOL.poll();
    return pooled != null ? pooled : new ReusableOutput();
  }

  /** The document written so far, copied at its exact length. */
  byte[] toByteArray() {
    return Arrays.copyOf(buf, count);
  }

  /** Empties this buffer and gives it back to the pool; it must not be used afterwards. */
  void giveBack() {
    count = 0;
    if (buf.length <= RETAIN_LIMIT) {
      POOL.offer(this);
    }
  }

  @Override
  public void write(int b) {
    ensure(count + 1);
    buf[count++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    ensure(count + len);
    System.arraycopy(b, off, buf, count, len);
    count += len;
  }

  private void ensure(int capacity) {
    if (capacity > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(capacity, buf.length * 2));
    }
  }
}
