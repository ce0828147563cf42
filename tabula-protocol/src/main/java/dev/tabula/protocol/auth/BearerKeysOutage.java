package dev.tabula.protocol.auth;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import dev.tabula.model.TableErrorCode;
import dev.tabula.model.TableException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a bearer token gets while the keys that sign tokens cannot be had from the JWKS URL (its
 * host down or unreachable, an answer that is not a key set, or nimbus-jose-jwt's rate limit on
 * fetching them again): 503 ServerBusy, which the Azure SDKs retry, rather than a 403 that would
 * blame a token that may be good. The token is neither accepted nor refused; the server could not
 * decide. Azure Storage documents no answer of its own for this (its identity check is internal);
 * 503 ServerBusy and 500 InternalError are the service's two retryable answers ("Common REST API
 * error codes", learn.microsoft.com/rest/api/storageservices/common-rest-api-error-codes), and
 * ServerBusy is the one Tabula gives for every dependency that is away for a while.
 *
 * <p>One WARN line when the keys become unavailable and one INFO line when they are back, not a
 * line per request. Thread-safe.
 */
final class BearerKeysOutage {
  /** The text of the 503: says why, and that a retry is the way. */
  static final String MESSAGE =
      "The server cannot get the keys that sign bearer tokens from its JWKS URL at the moment."
          + " Please retry your request.";

  private static final Logger LOG = LoggerFactory.getLogger(BearerKeysOutage.class);

  private final AtomicBoolean down = new AtomicBoolean();

  /** The answer to a token that could not be checked because of {@code failure}. */
  TableException unavailable(KeySourceException failure) {
    if (down.compareAndSet(false, true)) {
      LOG.warn(
          "bearer tokens are answered 503 ServerBusy: the JWKS keys cannot be fetched ({})",
          failure instanceof RateLimitReachedException
              ? "fetched too often; nimbus-jose-jwt allows two fetches in 30 s"
              : String.valueOf(failure.getMessage()));
    }
    return TableErrorCode.SERVER_BUSY.exception(MESSAGE);
  }

  /** A token's keys were had: ends an outage, if there was one. */
  void available() {
    if (down.get() && down.compareAndSet(true, false)) {
      LOG.info("the JWKS keys are reachable again; bearer tokens are checked again");
    }
  }
}
