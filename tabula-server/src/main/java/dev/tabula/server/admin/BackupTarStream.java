package dev.tabula.server.admin;

import dev.tabula.engine.EngineSnapshot;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.stream.ChunkedInput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A snapshot's files as a tar stream ({@link TarEntries}), read a chunk at a time as the connection
 * takes them (Netty's {@code ChunkedWriteHandler} asks for the next chunk only when the socket is
 * writable), so memory stays at one chunk however large the files. After the files comes one more
 * entry, {@value #SUMS}, with each file's SHA-256 as {@code sha256sum} prints it, computed from the
 * bytes as they were sent: the receiver checks what it wrote against it.
 *
 * <p>{@link #close} (at the end, or when the connection goes away) closes the snapshot, which
 * removes its files; it runs once, on the event loop.
 */
final class BackupTarStream implements ChunkedInput<ByteBuf> {
  /** The last entry: every file's SHA-256 and name, one a line. */
  static final String SUMS = "SHA256SUMS";

  private static final int CHUNK = 64 * 1024;

  private final EngineSnapshot snapshot;
  private final List<String> files;
  private final Runnable onClose;
  private final long modifiedSeconds = System.currentTimeMillis() / 1000;
  private final StringBuilder sums = new StringBuilder();
  private int next;
  private @Nullable FileChannel file;
  private long remaining;
  private long fileSize;
  private @Nullable MessageDigest digest;
  private boolean sumsSent;
  private boolean ended;
  private boolean closed;
  private long progress;

  /** Streams {@code snapshot}; {@code onClose} runs once, after the snapshot is closed. */
  BackupTarStream(EngineSnapshot snapshot, Runnable onClose) {
    this.snapshot = snapshot;
    this.files = snapshot.files();
    this.onClose = onClose;
  }

  @Override
  public boolean isEndOfInput() {
    return ended;
  }

  @Override
  public @Nullable ByteBuf readChunk(ChannelHandlerContext ctx) throws IOException {
    return readChunk(ctx.alloc());
  }

  @Override
  public @Nullable ByteBuf readChunk(ByteBufAllocator allocator) throws IOException {
    if (ended) {
      return null;
    }
    FileChannel open = file;
    if (open != null) {
      return fileChunk(allocator, open);
    }
    if (next < files.size()) {
      return startFile(allocator, files.get(next++));
    }
    ByteBuf chunk;
    if (!sumsSent) {
      sumsSent = true;
      byte[] text = sums.toString().getBytes(StandardCharsets.US_ASCII);
      chunk = allocator.buffer(TarEntries.BLOCK + text.length + TarEntries.BLOCK);
      chunk.writeBytes(TarEntries.header(SUMS, text.length, modifiedSeconds));
      chunk.writeBytes(text).writeZero(TarEntries.padding(text.length));
    } else {
      ended = true;
      chunk = allocator.buffer(2 * TarEntries.BLOCK).writeZero(2 * TarEntries.BLOCK);
    }
    progress += chunk.readableBytes();
    return chunk;
  }

  /** The header of the next file, which is opened for the chunks that follow. */
  private ByteBuf startFile(ByteBufAllocator allocator, String name) throws IOException {
    Path path = snapshot.directory().resolve(name);
    FileChannel channel = FileChannel.open(path);
    file = channel;
    fileSize = channel.size();
    remaining = fileSize;
    digest = sha256();
    ByteBuf chunk = allocator.buffer(TarEntries.BLOCK);
    chunk.writeBytes(TarEntries.header(name, fileSize, modifiedSeconds));
    progress += TarEntries.BLOCK;
    if (fileSize == 0) {
      finishFile(chunk);
    }
    return chunk;
  }

  private ByteBuf fileChunk(ByteBufAllocator allocator, FileChannel channel) throws IOException {
    int want = (int) Math.min(CHUNK, remaining);
    ByteBuf chunk = allocator.buffer(want + TarEntries.BLOCK);
    try {
      int start = chunk.writerIndex();
      while (chunk.writerIndex() - start < want) {
        int read = chunk.writeBytes(channel, want - (chunk.writerIndex() - start));
        if (read < 0) {
          // The snapshot's files never change: a shorter file is a damaged snapshot.
          throw new EOFException(
              snapshot.directory().resolve(files.get(next - 1)) + " ended before its size");
        }
      }
      digestOf().update(chunk.nioBuffer(start, want));
      remaining -= want;
      if (remaining == 0) {
        finishFile(chunk);
      }
    } catch (IOException | RuntimeException e) {
      chunk.release();
      throw e;
    }
    progress += chunk.readableBytes();
    return chunk;
  }

  /** Pads the file's last block, records its sum, and closes it. */
  private void finishFile(ByteBuf chunk) throws IOException {
    chunk.writeZero(TarEntries.padding(fileSize));
    sums.append(HexFormat.of().formatHex(digestOf().digest()))
        .append("  ")
        .append(files.get(next - 1))
        .append('\n');
    FileChannel open = file;
    file = null;
    if (open != null) {
      open.close();
    }
  }

  private MessageDigest digestOf() {
    MessageDigest d = digest;
    if (d == null) {
      throw new IllegalStateException("no file is being sent");
    }
    return d;
  }

  /** The bytes sent so far. */
  long bytes() {
    return progress;
  }

  /** How many files the snapshot holds. */
  int fileCount() {
    return files.size();
  }

  @Override
  public long length() {
    return -1;
  }

  @Override
  public long progress() {
    return progress;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      FileChannel open = file;
      file = null;
      if (open != null) {
        open.close();
      }
    } catch (IOException ignored) {
      // the snapshot's files are removed next: nothing is lost by a failed close
    } finally {
      snapshot.close();
      onClose.run();
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /** Whether every file and the sums were sent (the archive's end included). */
  boolean complete() {
    return ended;
  }
}
