package dev.tabula.protocol.auth;

import static dev.tabula.protocol.auth.SasParameters.signed;

import java.util.Locale;

/**
 * The strings a shared access signature signs, per signed version. Empty fields keep their line.
 *
 * <p>Service SAS for a table (learn.microsoft.com "Create a service SAS", "Constructing the
 * signature string"; Azure/azure-sdk-for-java TableSasGenerator#stringToSign): from 2015-04-05,
 * {@code sp st se resource si sip spr sv spk srk epk erk}; from 2012-02-12 to 2015-02-21, the same
 * without {@code sip} and {@code spr}. The resource is {@code /table/<account>/<table>} from
 * 2015-02-21 and {@code /<account>/<table>} before, the table name in lower case.
 *
 * <p>Account SAS (learn.microsoft.com "Create an account SAS";
 * TableAccountSasGenerator#stringToSign): {@code account sp ss srt st se sip spr sv}, then {@code
 * ses} from 2020-12-06, each followed by a newline, the last one included.
 */
public final class SasStringToSign {
  /** The first version that signs {@code sip} and {@code spr} (and account SAS exist). */
  static final String SIGNED_IP_VERSION = "2015-04-05";

  /** The first version whose canonical resource names the service. */
  static final String SERVICE_PREFIX_VERSION = "2015-02-21";

  /** The first version whose account SAS signs the encryption scope. */
  static final String ENCRYPTION_SCOPE_VERSION = "2020-12-06";

  private SasStringToSign() {}

  /** The string a table service SAS signs, for the account that issued it. */
  public static String service(SasParameters sas, String account) {
    String version = sas.version();
    String table = signed(sas.table()).toLowerCase(Locale.ROOT);
    String resource =
        version.compareTo(SERVICE_PREFIX_VERSION) >= 0
            ? "/table/" + account + "/" + table
            : "/" + account + "/" + table;
    StringBuilder out = new StringBuilder();
    line(out, sas.permissions());
    line(out, sas.start());
    line(out, sas.expiry());
    line(out, resource);
    line(out, sas.identifier());
    if (version.compareTo(SIGNED_IP_VERSION) >= 0) {
      line(out, sas.ip());
      line(out, sas.protocol());
    }
    line(out, version);
    line(out, sas.startPartitionKey());
    line(out, sas.startRowKey());
    line(out, sas.endPartitionKey());
    out.append(signed(sas.endRowKey()));
    return out.toString();
  }

  /** The string an account SAS signs. */
  public static String account(SasParameters sas, String account) {
    StringBuilder out = new StringBuilder();
    line(out, account);
    line(out, sas.permissions());
    line(out, sas.services());
    line(out, sas.resourceTypes());
    line(out, sas.start());
    line(out, sas.expiry());
    line(out, sas.ip());
    line(out, sas.protocol());
    line(out, sas.version());
    if (sas.version().compareTo(ENCRYPTION_SCOPE_VERSION) >= 0) {
      line(out, sas.encryptionScope());
    }
    return out.toString();
  }

  private static void line(StringBuilder out, String field) {
    out.append(signed(field)).append('\n');
  }
}
