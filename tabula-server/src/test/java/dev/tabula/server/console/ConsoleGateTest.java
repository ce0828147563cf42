package dev.tabula.server.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The Host rule against DNS rebinding, and the console header rule, without a server. */
class ConsoleGateTest {
  @Test
  void loopbackNamesWithThePort_areTaken() {
    ConsoleGate gate = new ConsoleGate("127.0.0.1");
    assertThat(gate.hostAllowed("localhost:8081", 8081)).isTrue();
    assertThat(gate.hostAllowed("127.0.0.1:8081", 8081)).isTrue();
    assertThat(gate.hostAllowed("[::1]:8081", 8081)).isTrue();
    assertThat(gate.hostAllowed("localhost:8082", 8081)).isFalse();
    assertThat(gate.hostAllowed("localhost", 8081)).isFalse();
    assertThat(gate.hostAllowed("localhost", 80)).isTrue();
    assertThat(gate.hostAllowed("attacker.example:8081", 8081)).isFalse();
    assertThat(gate.hostAllowed(null, 8081)).isFalse();
  }

  @Test
  void theConfiguredAdminHost_isTaken() {
    ConsoleGate gate = new ConsoleGate("tabula.internal");
    assertThat(gate.hostAllowed("tabula.internal:9000", 9000)).isTrue();
    assertThat(gate.hostAllowed("other.internal:9000", 9000)).isFalse();
    assertThat(new ConsoleGate("::1").hostAllowed("[::1]:9000", 9000)).isTrue();
  }

  @Test
  void aWildcardAdminHost_takesAnyHost() {
    assertThat(new ConsoleGate("0.0.0.0").hostAllowed("10.1.2.3:9000", 9000)).isTrue();
  }

  @Test
  void apiRequests_needTheConsoleHeader() {
    ConsoleGate gate = new ConsoleGate("127.0.0.1");
    assertThat(gate.refusal("localhost:1", null, true, 1)).contains("X-Tabula-Console");
    assertThat(gate.refusal("localhost:1", "1", true, 1)).isNull();
    assertThat(gate.refusal("localhost:1", null, false, 1)).isNull();
  }
}
