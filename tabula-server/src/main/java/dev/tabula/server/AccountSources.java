package dev.tabula.server;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * Where the accounts come from. Accounts are one setting given in one of two forms, a list ({@code
 * name:key1[:key2];...}) or a file: the first place that gives either decides, in this order:
 *
 * <ol>
 *   <li>the flags {@code --account} or {@code --accounts-file};
 *   <li>the variables {@code TABULA_ACCOUNTS} or {@code TABULA_ACCOUNTS_FILE};
 *   <li>Azurite's variable {@code AZURITE_ACCOUNTS}, so that a setup written for Azurite works
 *       unchanged;
 *   <li>the config file's {@code accounts} or {@code accounts-file}.
 * </ol>
 *
 * Both forms in the same place are a mistake. As in Azurite, accounts given anywhere replace the
 * development account instead of adding to it (Azurite's README, "Customized Storage Accounts &
 * Keys": "Default storage account devstoreaccount1 will be disabled when providing customized
 * storage accounts"; src/common/AccountDataStore.ts keeps the default only without the variable).
 */
final class AccountSources {
  /** Azurite's variable for its accounts, in the same {@code name:key1[:key2];...} form. */
  static final String AZURITE_ACCOUNTS = "AZURITE_ACCOUNTS";

  private final Map<String, String> env;
  private final Properties file;
  private final String configFile;

  /**
   * @param file the config file's properties (empty without one)
   * @param configFile the config file's path, as errors name it
   */
  AccountSources(Map<String, String> env, Properties file, String configFile) {
    this.env = env;
    this.file = file;
    this.configFile = configFile;
  }

  /**
   * The accounts chosen, where they came from, and the file to watch when they came from one.
   *
   * @param file the accounts file, or null when the accounts were given as a list
   * @param source the flag, variable or config-file key that gave them
   */
  record Chosen(List<Account> accounts, @Nullable Path file, String source) {}

  /**
   * The accounts from the first place that gives them; null when none does (the default serves).
   *
   * @throws OperatorError for both forms in one place, a bad list, or a bad or unreadable file
   */
  @Nullable Chosen choose(ServeCommand flags) {
    String list = flags.accounts == null ? null : String.join(";", flags.accounts);
    String path = flags.accountsFile == null ? null : flags.accountsFile.toString();
    Chosen chosen = inOnePlace(list, "--account", path, "--accounts-file");
    if (chosen == null) {
      chosen =
          inOnePlace(
              env.get("TABULA_ACCOUNTS"),
              "TABULA_ACCOUNTS",
              env.get("TABULA_ACCOUNTS_FILE"),
              "TABULA_ACCOUNTS_FILE");
    }
    if (chosen == null) {
      chosen = inOnePlace(env.get(AZURITE_ACCOUNTS), AZURITE_ACCOUNTS, null, "");
    }
    if (chosen == null) {
      String key = "config file " + configFile + ": ";
      chosen =
          inOnePlace(
              file.getProperty("accounts"),
              key + "accounts",
              file.getProperty("accounts-file"),
              key + "accounts-file");
    }
    return chosen;
  }

  private @Nullable Chosen inOnePlace(
      @Nullable String list, String listSource, @Nullable String path, String pathSource) {
    boolean hasList = list != null && !list.isBlank();
    boolean hasPath = path != null && !path.isBlank();
    if (hasList && hasPath) {
      throw new OperatorError(
          "tabula: "
              + listSource
              + " and "
              + pathSource
              + " both give accounts; give them one way or the other");
    }
    if (list != null && hasList) {
      return new Chosen(
          AccountDefinitions.parse(new ConfigResolver.Picked(list, listSource)), null, listSource);
    }
    if (path != null && hasPath) {
      Path accountsFile = Path.of(path.strip());
      return new Chosen(readFile(accountsFile, pathSource), accountsFile, pathSource);
    }
    return null;
  }

  private static List<Account> readFile(Path path, String source) {
    String which = "tabula: the accounts file " + path + " (" + source + ")";
    try {
      return AccountsFile.read(path);
    } catch (NoSuchFileException e) {
      throw new OperatorError(which + " does not exist", e);
    } catch (AccessDeniedException e) {
      throw new OperatorError(which + " cannot be read: permission denied", e);
    } catch (IOException e) {
      throw new OperatorError(which + " cannot be read: " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new OperatorError(which + ": " + e.getMessage());
    }
  }
}
