#include "core/analysis/summarytables.h"

#include "core/index/commtext.h"

namespace rs::analysis {

const std::vector<std::string_view>& summaryTables() {
    static const std::vector<std::string_view> t{
        "rank_info",     "label",          "step",        "sum_arrival",    "sum_step",
        "sum_op",        "sum_op_name",    "sum_bank",    "sum_diagnostic", "memory_summary",
        "comm_link_src", "comm_group_src", "comm_source", "sum_tensor_op"};
    return t;
}

const std::vector<std::string_view>& perEventTables() {
    static const std::vector<std::string_view> t{"span",
                                                 "lod",
                                                 "long_span",
                                                 "long_span_track",
                                                 "counter",
                                                 "flow_chunk",
                                                 "load_range",
                                                 "flow_link",
                                                 "tensor",
                                                 "memory_sample",
                                                 "memory_lod",
                                                 "kernel_shape",
                                                 "launch_collective",
                                                 "comm_op_src",
                                                 "step_src",
                                                 "step_breakdown_src",
                                                 "track",
                                                 "source_file",
                                                 "string"};
    return t;
}

void copySummaryTables(index::Db& to, const std::string& fromPath) {
    to.prepare("ATTACH DATABASE ? AS shard").bind(1, fromPath).exec();
    try {
        index::mergeCommText(to, "shard"); // the link rows name their strings by the shard's ids
        for (std::string_view t : summaryTables()) {
            const std::string cols =
                t == "comm_link_src" ? index::remappedCommLinkSrcColumns(to, "shard") : std::string("*");
            to.exec("INSERT INTO main." + std::string(t) + " SELECT " + cols + " FROM shard." +
                    std::string(t));
        }
        to.exec("INSERT INTO main.diagnostic SELECT * FROM shard.diagnostic");
        to.exec(
            "UPDATE main.rank_info SET run_id = NULL, clock_offset_ns = 0; DROP TABLE temp.comm_text_map");
    } catch (...) {
        to.exec("DETACH DATABASE shard");
        throw;
    }
    to.exec("DETACH DATABASE shard");
}

} // namespace rs::analysis
