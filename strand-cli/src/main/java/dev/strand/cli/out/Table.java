package dev.strand.cli.out;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * An aligned text table: columns are as wide as their widest cell; numeric-looking cells are
 * right-aligned, the rest left-aligned. Build with {@link #row}, print with {@link #print}.
 *
 * <pre>{@code
 * Table t = new Table("P", "T_P", "ratio");
 * t.row(2, 1024, "0.98");
 * t.print(out);
 * }</pre>
 */
public final class Table {
    private final String[] header;
    private final List<String[]> rows = new ArrayList<>();

    /** @param header the column titles (at least one) */
    public Table(String... header) {
        if (header.length == 0) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        this.header = header.clone();
    }

    /**
     * Adds a row; values are printed with {@link String#valueOf(Object)}.
     *
     * @throws IllegalArgumentException if the row does not have one cell per column
     */
    public Table row(Object... cells) {
        if (cells.length != header.length) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, the table has "
                    + header.length + " columns");
        }
        String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            r[i] = String.valueOf(cells[i]);
        }
        rows.add(r);
        return this;
    }

    /** @return the number of data rows */
    public int size() {
        return rows.size();
    }

    /** Prints the header, a rule, and the rows, each line indented by {@code indent}. */
    public void print(PrintWriter out, String indent) {
        int[] width = new int[header.length];
        for (int i = 0; i < header.length; i++) {
            width[i] = header[i].length();
        }
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        boolean[] right = new boolean[header.length];
        for (int i = 0; i < header.length; i++) {
            right[i] = !rows.isEmpty();
            for (String[] r : rows) {
                right[i] &= isNumeric(r[i]);
            }
        }
        line(out, indent, header, width, right);
        StringBuilder rule = new StringBuilder(indent);
        for (int i = 0; i < width.length; i++) {
            rule.append(i == 0 ? "" : "  ").append("-".repeat(width[i]));
        }
        out.println(rule);
        for (String[] r : rows) {
            line(out, indent, r, width, right);
        }
        out.flush();
    }

    /** Prints the table with no indentation. */
    public void print(PrintWriter out) {
        print(out, "");
    }

    private static void line(PrintWriter out, String indent, String[] cells, int[] width,
            boolean[] right) {
        StringBuilder sb = new StringBuilder(indent);
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                sb.append("  ");
            }
            String pad = " ".repeat(width[i] - cells[i].length());
            sb.append(right[i] ? pad + cells[i] : i == cells.length - 1 ? cells[i] : cells[i] + pad);
        }
        out.println(sb.toString().stripTrailing());
    }

    /** Numbers, optionally with a unit suffix such as {@code x}, {@code %} or {@code ms}. */
    static boolean isNumeric(String s) {
        return (s.matches("[-+]?(\\d[\\d,_]*)?(\\.\\d+)?([eE][-+]?\\d+)?\\s?(x|%|ms|us|ns|s|µs)?")
                && s.chars().anyMatch(Character::isDigit)) || s.equals("-") || s.equals("n/a");
    }
}
