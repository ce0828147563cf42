package dev.tabula.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import dev.tabula.conformance.support.TempDirs;
import dev.tabula.server.ServerConfig;
import dev.tabula.server.TabulaServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The server's defaults (127.0.0.1:10002, the development account) work with the SDK's {@code
 * UseDevelopmentStorage=true} shortcut, with no endpoint or key in the connection string. Skipped
 * when port 10002 is taken on this machine.
 */
class DevelopmentStorageIT {

  @Test
  void useDevelopmentStorage_reachesADefaultServer() {
    Assumptions.assumeTrue(portFree(ServerConfig.DEFAULT_PORT), "port 10002 is in use");
    Path dataDir = TempDirs.create("tabula-devstorage-");
    try (TabulaServer server =
        TabulaServer.start(
            ServerConfig.defaults().withEngine(ServerConfig.defaults().engine(), dataDir))) {
      TableServiceClient service =
          new TableServiceClientBuilder()
              .connectionString("UseDevelopmentStorage=true")
              .buildClient();
      String name = "dev" + UUID.randomUUID().toString().replace("-", "");
      TableClient table = service.createTable(name);
      table.createEntity(new TableEntity("pk", "rk").addProperty("Answer", 42));

      assertThat(table.getEntity("pk", "rk").getProperty("Answer")).isEqualTo(42);
      assertThat(server.port()).isEqualTo(10002);
    } finally {
      TempDirs.delete(dataDir);
    }
  }

  private static boolean portFree(int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
