package dev.tabula.tools.cli;

import dev.tabula.tools.entity.TransferEntity;
import dev.tabula.tools.entity.TypedProperty;
import dev.tabula.tools.format.EntityWriter;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Entities as an aligned text table for people to read ({@code tabula query}'s default). Memory
 * stays bounded: the writer holds one page of up to {@value #PAGE} entities, sizes the columns for
 * it, prints it under its own header, then starts the next page. Line ends and tabs in values are
 * shown as {@code \n}, {@code \r} and {@code \t}, and a value longer than {@value #WIDEST}
 * characters is cut with an ellipsis: the table is for looking at; JSON Lines and CSV carry values
 * whole.
 */
final class AlignedTextWriter implements EntityWriter {
  static final int PAGE = 100;
  static final int WIDEST = 60;
  private static final String GAP = "  ";

  private final PrintStream out;
  private final List<TransferEntity> page = new ArrayList<>(PAGE);
  private boolean printedOne;

  AlignedTextWriter(PrintStream out) {
    this.out = out;
  }

  @Override
  public void write(TransferEntity entity) {
    page.add(entity);
    if (page.size() >= PAGE) {
      printPage();
    }
  }

  private void printPage() {
    Set<String> names = new LinkedHashSet<>(List.of("PartitionKey", "RowKey", "Timestamp"));
    for (TransferEntity entity : page) {
      for (TypedProperty property : entity.properties()) {
        names.add(property.name());
      }
    }
    List<String> columns = new ArrayList<>(names);
    List<List<String>> rows = new ArrayList<>();
    for (TransferEntity entity : page) {
      rows.add(cells(entity, columns));
    }
    int[] widths = new int[columns.size()];
    for (int c = 0; c < columns.size(); c++) {
      widths[c] = columns.get(c).length();
      for (List<String> row : rows) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    if (printedOne) {
      out.println();
    }
    printRow(columns, widths);
    List<String> rules = new ArrayList<>();
    for (int width : widths) {
      rules.add("-".repeat(width));
    }
    printRow(rules, widths);
    for (List<String> row : rows) {
      printRow(row, widths);
    }
    page.clear();
    printedOne = true;
  }

  private static List<String> cells(TransferEntity entity, List<String> columns) {
    Map<String, String> values = new HashMap<>();
    values.put("PartitionKey", entity.partitionKey());
    values.put("RowKey", entity.rowKey());
    String timestamp = entity.timestamp();
    values.put("Timestamp", timestamp == null ? "" : timestamp);
    for (TypedProperty property : entity.properties()) {
      values.put(property.name(), property.text());
    }
    List<String> cells = new ArrayList<>(columns.size());
    for (String column : columns) {
      cells.add(shown(values.getOrDefault(column, "")));
    }
    return cells;
  }

  /** A value on one line and at most {@value #WIDEST} characters. */
  static String shown(String value) {
    String flat = value.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
    return flat.length() <= WIDEST ? flat : flat.substring(0, WIDEST - 1) + "\u2026";
  }

  private void printRow(List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.size(); c++) {
      String cell = cells.get(c);
      line.append(cell);
      if (c < cells.size() - 1) {
        line.append(" ".repeat(widths[c] - cell.length())).append(GAP);
      }
    }
    out.println(line);
  }

  @Override
  public void close() {
    if (!page.isEmpty() || !printedOne) {
      printPage();
    }
    out.flush();
  }
}
