/**
 * Writing a stream of entities into a table: consecutive entities of one partition grouped into
 * entity group transactions, several transactions in flight over one client, refused rows reported
 * by their line and left out while the others go on, and a checkpoint from which an interrupted
 * import resumes. {@code tabula import} feeds it from a file, {@code tabula copy} from a query.
 */
@NullMarked
package dev.tabula.tools.transfer;

import org.jspecify.annotations.NullMarked;
