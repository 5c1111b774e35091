package dev.strand.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Help.ColorScheme;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.IHelpFactory;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The commands' {@code --help}, wrapped at spaces only. picocli wraps the option descriptions and
 * the synopsis with the JDK's line {@link java.text.BreakIterator}, which also breaks after a
 * period, a colon or a hyphen: "grain.png" became "grain." and "png" on two lines, "1..256" "1.."
 * and "256", {@code --set=KERNEL.PARAM=VALUE} was cut after the period. Here a line breaks only
 * where the text has a space; a word longer than a whole line is left to picocli.
 */
final class HelpText implements IHelpFactory {

    @Override
    public Help create(CommandSpec spec, ColorScheme colorScheme) {
        return new SpaceWrapped(spec, colorScheme);
    }

    /** A word-wrapped help: its option list and synopsis break at spaces. */
    static final class SpaceWrapped extends Help {
        SpaceWrapped(CommandSpec spec, ColorScheme colorScheme) {
            super(spec, colorScheme);
        }

        @Override
        public Layout createDefaultLayout(List<OptionSpec> options, List<PositionalParamSpec> positionals,
                                          ColorScheme scheme) {
            Layout layout = super.createDefaultLayout(options, positionals, scheme);
            TextTable table = layout.textTable();
            Table wrapped = new Table(scheme, table.columns());
            wrapped.indentWrappedLines = table.indentWrappedLines;
            wrapped.setAdjustLineBreaksForWideCJKCharacters(table.isAdjustLineBreaksForWideCJKCharacters());
            return new Layout(scheme, wrapped, layout.optionRenderer(), layout.parameterRenderer());
        }

        /**
         * The synopsis: the command's name, then the options, continued under the first option.
         * {@code optionText} starts with the space that follows the name.
         */
        @Override
        protected String insertSynopsisCommandName(int headingLength, Text optionText) {
            String name = commandSpec().qualifiedName();
            int indent = headingLength + name.length() + 1;
            String plain = optionText.plainString();
            int room = commandSpec().usageMessage().width() - indent;
            List<int[]> lines = room < 20 ? null : wrap(plain, room, room);
            if (lines == null) {
                return super.insertSynopsisCommandName(headingLength, optionText);
            }
            StringBuilder b = new StringBuilder(colorScheme().commandText(name).toString());
            for (int i = 0; i < lines.size(); i++) {
                b.append(i == 0 ? " " : " ".repeat(indent))
                        .append(optionText.substring(lines.get(i)[0], lines.get(i)[1]))
                        .append(System.lineSeparator());
            }
            return b.toString();
        }
    }

    /** A text table whose wrapping columns break at spaces. */
    static final class Table extends TextTable {
        Table(ColorScheme scheme, Column[] columns) {
            super(scheme, columns);
        }

        @Override
        public Cell putValue(int row, int col, Text value) {
            Column c = columns()[col];
            if (value == null || c.overflow != Column.Overflow.WRAP) {
                return super.putValue(row, col, value);
            }
            String plain = value.plainString();
            int room = c.width - c.indent;
            if (plain.length() <= room || plain.indexOf('\n') >= 0) {
                return super.putValue(row, col, value);
            }
            List<int[]> lines = wrap(plain, room, room - indentWrappedLines);
            if (lines == null) {
                return super.putValue(row, col, value);
            }
            Cell cell = null;
            int r = row;
            for (int i = 0; i < lines.size(); i++) {
                while (r >= rowCount()) {
                    addEmptyRow();
                }
                Text line = value.substring(lines.get(i)[0], lines.get(i)[1]);
                if (i > 0) {
                    line = value.substring(0, 0).concat(" ".repeat(indentWrappedLines)).concat(line);
                }
                cell = super.putValue(r, col, line);
                r = cell.row + 1;
            }
            return cell;
        }
    }

    /**
     * Greedy word wrap at spaces.
     *
     * @return the lines as [start, end) ranges of {@code text}, without the spaces at the breaks;
     *     null if a word is longer than a line
     */
    static List<int[]> wrap(String text, int firstRoom, int room) {
        List<int[]> lines = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n && text.charAt(i) == ' ') {
            i++;
        }
        int lineStart = i;
        int lineEnd = i;
        while (i < n) {
            int wordEnd = text.indexOf(' ', i);
            if (wordEnd < 0) {
                wordEnd = n;
            }
            int max = lines.isEmpty() ? firstRoom : room;
            if (wordEnd - lineStart > max) {
                if (lineEnd == lineStart) {
                    return null;
                }
                lines.add(new int[] {lineStart, lineEnd});
                lineStart = i;
                if (wordEnd - lineStart > room) {
                    return null;
                }
            }
            lineEnd = wordEnd;
            i = wordEnd;
            while (i < n && text.charAt(i) == ' ') {
                i++;
            }
        }
        if (lineEnd > lineStart) {
            lines.add(new int[] {lineStart, lineEnd});
        }
        return lines;
    }
}
