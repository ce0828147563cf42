package dev.tabula.protocol.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The ending of every error message the service writes, {@code \nRequestId:<id>\nTime:<time>}. The
 * time always carries seven fractional digits (.NET's round-trip form), unlike Timestamps and
 * DateTime values, which the service trims: CloudStub's assertions read the last 28 characters of
 * every error message of a real storage account with {@code
 * ParseExact("yyyy-MM-ddTHH:mm:ss.fffffffZ")} (CloudStub.Azure.Data.Tables.Tests/Assertions.cs),
 * which accepts exactly seven digits; captures agree ({@code Time:2022-02-11T16:56:50.0462714Z},
 * microsoft/AzureStorageExplorer#5434). Stateless and thread-safe.
 */
public final class ErrorTrailer {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSS'Z'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  private ErrorTrailer() {}

  /** {@code \nRequestId:<requestId>\nTime:<now, seven fractional digits>}. */
  public static String of(String requestId, Instant now) {
    return "\nRequestId:" + requestId + "\nTime:" + time(now);
  }

  /** The time as the service writes it in error messages: UTC, seven fractional digits. */
  static String time(Instant now) {
    return TIME.format(now);
  }
}
