package dev.tabula.engine.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tabula.engine.AccountSettings;
import dev.tabula.engine.Capability;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Account settings: opaque values per account and name, replaced whole, isolated per account and
 * name, copied on the way in and out, and kept across reopen by persistent engines.
 */
public interface AccountSettingsContract extends EngineContext {

  default AccountSettings settings() {
    return engine().accountSettings();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  default void accountSettings_neverWritten_areEmpty() {
    assertThat(settings().read(ACCOUNT, "service-properties")).isEmpty();
  }

  @Test
  default void accountSettings_roundTripAnyBytes() {
    byte[] value = {0, 1, (byte) 0xff, 0x7f, 0, (byte) 0x80};

    settings().write(ACCOUNT, "service-properties", value);

    assertThat(settings().read(ACCOUNT, "service-properties"))
        .hasValueSatisfying(stored -> assertThat(stored).containsExactly(value));
  }

  @Test
  default void accountSettings_writeReplacesTheWholeValue() {
    settings().write(ACCOUNT, "service-properties", bytes("a much longer first value"));
    settings().write(ACCOUNT, "service-properties", bytes("short"));

    assertThat(settings().read(ACCOUNT, "service-properties"))
        .hasValueSatisfying(stored -> assertThat(stored).containsExactly(bytes("short")));
  }

  @Test
  default void accountSettings_belongToOneAccountAndName() {
    settings().write(ACCOUNT, "service-properties", bytes("mine"));
    settings().write("other", "service-properties", bytes("theirs"));
    settings().write(ACCOUNT, "service-properties2", bytes("another name"));

    assertThat(settings().read(ACCOUNT, "service-properties"))
        .hasValueSatisfying(stored -> assertThat(stored).containsExactly(bytes("mine")));
    assertThat(settings().read("other", "service-properties"))
        .hasValueSatisfying(stored -> assertThat(stored).containsExactly(bytes("theirs")));
    assertThat(settings().read("devstoreaccount", "1service-properties")).isEmpty();
    assertThat(settings().read("nobody", "service-properties")).isEmpty();
  }

  @Test
  default void accountSettings_areCopiedInAndOut() {
    byte[] value = bytes("original");
    settings().write(ACCOUNT, "service-properties", value);
    value[0] = 'X';
    settings().read(ACCOUNT, "service-properties").orElseThrow()[1] = 'Y';

    assertThat(settings().read(ACCOUNT, "service-properties"))
        .hasValueSatisfying(stored -> assertThat(stored).containsExactly(bytes("original")));
  }

  @Test
  default void accountSettings_doNotTouchTables() {
    settings().write(ACCOUNT, "service-properties", bytes("x"));

    assertThat(catalog().listTables(ACCOUNT, null, 10)).isEmpty();
  }

  @Test
  default void accountSettings_surviveReopen() {
    assumeTrue(engine().capabilities().contains(Capability.PERSISTENT));
    settings().write(ACCOUNT, "service-properties", bytes("first"));
    settings().write(ACCOUNT, "service-properties", bytes("kept \u00e9"));
    settings().write("other", "service-properties", bytes("theirs"));

    reopen();

    assertThat(settings().read(ACCOUNT, "service-properties"))
        .hasValueSatisfying(stored -> assertThat(stored).containsExactly(bytes("kept \u00e9")));
    assertThat(settings().read("other", "service-properties"))
        .hasValueSatisfying(stored -> assertThat(stored).containsExactly(bytes("theirs")));
  }
}
