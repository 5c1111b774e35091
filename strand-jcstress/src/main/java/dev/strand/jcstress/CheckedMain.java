package dev.strand.jcstress;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;
import org.openjdk.jcstress.infra.Status;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.InProcessCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;

/**
 * Runs jcstress like {@code org.openjdk.jcstress.Main}, then exits non-zero if any test failed
 * (a FORBIDDEN outcome was observed), errored (exception, VM crash, timeout), or nothing ran.
 * jcstress 0.16 itself exits 0 whatever the results, so a build could not fail on them otherwise.
 */
public final class CheckedMain {

    private CheckedMain() { }

    public static void main(String[] args) throws Exception {
        Options opts = new Options(args);
        if (!opts.parse()) {
            System.exit(2);
        }
        if (opts.shouldList() || opts.shouldParse()) {
            org.openjdk.jcstress.Main.main(args);
            return;
        }
        JCStress jcstress = new JCStress(opts);
        SortedSet<String> selected = new TreeSet<>(jcstress.getTests());
        jcstress.run();

        InProcessCollector collector = new InProcessCollector();
        DiskReadCollector reader = new DiskReadCollector(opts.getResultFile(), collector);
        reader.dump();
        reader.close();
        Collection<TestResult> results = collector.getTestResults();

        List<String> bad = new ArrayList<>();
        Set<String> ran = new TreeSet<>();
        long observed = 0;
        for (TestResult r : results) {
            ran.add(r.getName());
            observed += r.getTotalCount();
            if (r.status() != Status.NORMAL) {
                bad.add("ERROR  " + r.getName() + " (" + r.status() + ")");
            } else if (!r.grading().isPassed) {
                bad.add("FAILED " + r.getName() + " " + r.grading().failureMessages);
            }
        }
        System.out.println();
        System.out.println("strand-jcstress: " + results.size() + " test results, " + observed
                + " outcomes observed, " + bad.size() + " failed or errored");
        bad.forEach(b -> System.out.println("  " + b));
        selected.removeAll(ran);
        for (String t : selected) {
            // jcstress skips a test with more actors than the machine has CPUs.
            System.out.println("  NOT RUN " + t + " (more actors than available CPUs?)");
        }
        if (results.isEmpty() || observed == 0) {
            System.out.println("strand-jcstress: no test ran");
            System.exit(1);
        }
        System.exit(bad.isEmpty() ? 0 : 1);
    }
}
