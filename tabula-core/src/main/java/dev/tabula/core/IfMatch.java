package dev.tabula.core;

import dev.tabula.engine.Precondition;
import dev.tabula.model.ETag;
import java.util.Objects;

/** The {@code If-Match} condition of a write: any version ({@code *}) or exactly one ETag. */
public sealed interface IfMatch {

  /** The engine precondition this condition becomes. */
  Precondition precondition();

  /** {@code If-Match: *}: the entity must exist, in any version. */
  record Any() implements IfMatch {
    @Override
    public Precondition precondition() {
      return Precondition.MUST_EXIST;
    }
  }

  /** {@code If-Match: <etag>}: the entity must exist in exactly this version. */
  record Exact(ETag etag) implements IfMatch {
    public Exact {
      Objects.requireNonNull(etag, "etag");
    }

    @Override
    public Precondition precondition() {
      return new Precondition.TimestampEquals(etag.timestamp());
    }
  }

  /** Shared instance of {@link Any}. */
  IfMatch ANY = new Any();
}
