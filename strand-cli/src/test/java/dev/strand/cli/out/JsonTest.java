package dev.strand.cli.out;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.strand.PoolStats;
import dev.strand.StrandPool;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    record Inner(double x, Double boxed, List<Double> list) { }

    record Doc(String name, @JsonProperty("P") int processors, long big, boolean flag, String none,
               @JsonInclude(JsonInclude.Include.NON_NULL) String omitted, Inner inner,
               List<String> empty, Map<String, Double> map) { }

    @Test
    void recordsAreWrittenInComponentOrderTwoSpacesIndentedNonFiniteAsNull() {
        Map<String, Double> map = new LinkedHashMap<>();
        map.put("b", 2.5);
        map.put("a", Double.NaN);
        List<Double> list = new ArrayList<>(List.of(1.0, Double.POSITIVE_INFINITY));
        String text = Json.write(new Doc("q\"uote\n", 4, 1L << 40, true, null, null,
                new Inner(Double.NaN, Double.NEGATIVE_INFINITY, list), List.of(), map));
        assertThat(text).isEqualTo("""
                {
                  "name": "q\\"uote\\n",
                  "P": 4,
                  "big": 1099511627776,
                  "flag": true,
                  "none": null,
                  "inner": {
                    "x": null,
                    "boxed": null,
                    "list": [
                      1.0,
                      null
                    ]
                  },
                  "empty": [],
                  "map": {
                    "b": 2.5,
                    "a": null
                  }
                }""");
    }

    @Test
    void poolStatisticsCarryTotalsAndOneObjectPerWorker() throws Exception {
        PoolStats s;
        try (StrandPool pool = StrandPool.builder().parallelism(2).build()) {
            pool.invoke(() -> 1 + 1);
            s = pool.stats();
        }
        JsonNode n = new ObjectMapper().readTree(Json.write(Json.PoolStatistics.of(s)));
        assertThat(n.get("tasksRun").asLong()).isEqualTo(s.tasksRun());
        assertThat(n.get("workers")).hasSize(2);
        assertThat(n.get("workers").get(1).get("index").asInt()).isEqualTo(1);
        assertThat(n.get("workers").get(0).has("joinBlocks")).isTrue();
    }

    @Test
    void theBuildIsRecordedOrSaysUnknown() throws Exception {
        BuildInfo b = BuildInfo.current();
        assertThat(b.version()).isNotBlank().doesNotContain("${").isNotEqualTo(BuildInfo.UNKNOWN);
        assertThat(b.commit()).matches("[0-9a-f]{40}|unknown");
        assertThat(b.dirty() == null).isEqualTo(b.commit().equals(BuildInfo.UNKNOWN));
        JsonNode n = new ObjectMapper().readTree(Json.write(b));
        assertThat(n.get("version").asText()).isEqualTo(b.version());
        assertThat(n.get("commit").asText()).isEqualTo(b.commit());

        assertThat(BuildInfo.recorded(null)).isEqualTo("unknown");
        assertThat(BuildInfo.recorded(" ")).isEqualTo("unknown");
        assertThat(BuildInfo.recorded("${git.commit}")).isEqualTo("unknown");
        assertThat(BuildInfo.recorded("1.2.3\n")).isEqualTo("1.2.3");
        BuildInfo unknown = new BuildInfo("1.0", "unknown", null);
        assertThat(Json.write(unknown)).doesNotContain("dirty");
        assertThat(unknown.describe()).isEqualTo("1.0 (commit unknown)");
        assertThat(new BuildInfo("1.0", "3b67e236239193329c365fda58ea67fbd1675809", true).describe())
                .isEqualTo("1.0 (commit 3b67e23, modified)");
    }
}
