package dev.tabula.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AccountKeysTest {
  @Test
  void decodesEveryKey_primaryFirst() {
    AccountKeys keys = TestSigner.keys();
    List<AccountKey> devKeys = keys.keysOf(TestSigner.ACCOUNT);

    assertThat(devKeys).hasSize(2);
    assertThat(devKeys.get(0).sign("x"))
        .isEqualTo(Base64.getDecoder().decode(TestSigner.sign(TestSigner.PRIMARY_KEY, "x")));
    assertThat(devKeys.get(1).sign("x"))
        .isEqualTo(Base64.getDecoder().decode(TestSigner.sign(TestSigner.SECONDARY_KEY, "x")));
  }

  @Test
  void unknownAccount_hasNoKeys() {
    assertThat(TestSigner.keys().keysOf("nobody")).isEmpty();
    assertThat(TestSigner.keys().contains("nobody")).isFalse();
    assertThat(TestSigner.keys().contains(TestSigner.ACCOUNT)).isTrue();
  }

  @Test
  void keepsAccountsInConfigurationOrder() {
    Map<String, List<String>> config = new LinkedHashMap<>();
    config.put("zeta", List.of(TestSigner.PRIMARY_KEY));
    config.put("alpha", List.of(TestSigner.PRIMARY_KEY));

    assertThat(AccountKeys.of(config).accounts()).containsExactly("zeta", "alpha");
  }

  @Test
  void badKey_isRejected_withoutQuotingIt() {
    String bad = "not base64 at all!!";

    assertThatThrownBy(() -> AccountKeys.of(Map.of("acct", List.of(TestSigner.PRIMARY_KEY, bad))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("key 2 of account acct")
        .hasMessageNotContaining(bad)
        .hasNoCause();
  }

  @Test
  void accountWithoutKeys_isRejected() {
    assertThatThrownBy(() -> AccountKeys.of(Map.of("acct", List.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("acct");
  }

  @Test
  void emptyKey_isRejected() {
    assertThatThrownBy(() -> AccountKeys.of(Map.of("acct", List.of(""))))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void neitherTypePrintsAKey() {
    AccountKeys keys = TestSigner.keys();

    assertThat(keys.toString()).contains(TestSigner.ACCOUNT).doesNotContain(TestSigner.PRIMARY_KEY);
    assertThat(keys.keysOf(TestSigner.ACCOUNT).get(0).toString())
        .isEqualTo("AccountKey[devstoreaccount1]");
  }

  @Test
  void verifies_onlyItsOwnSignature() {
    AccountKey primary = TestSigner.keys().keysOf(TestSigner.ACCOUNT).get(0);
    byte[] good = Base64.getDecoder().decode(TestSigner.sign(TestSigner.PRIMARY_KEY, "text"));
    byte[] other = Base64.getDecoder().decode(TestSigner.sign(TestSigner.SECONDARY_KEY, "text"));

    assertThat(primary.verifies("text", good)).isTrue();
    assertThat(primary.verifies("text", other)).isFalse();
    assertThat(primary.verifies("text2", good)).isFalse();
    assertThat(primary.verifies("text", new byte[0])).isFalse();
  }
}
