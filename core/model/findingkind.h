#pragma once
// What a finding is (core/analysis/rootcause.h and bankanomaly.h say how each is found), as the
// `finding.kind` column stores it. The SQL text forms are the index's and the report's vocabulary (the
// report's JSON carries them): never change one without a schema version bump. Pure; any thread.
#include <optional>
#include <string_view>

namespace rs::model {

enum class FindingKind {
    Stall,        ///< a rank's device idle before a collective it arrived last at
    SlowRank,     ///< a rank last in collectives because its kernels are slower
    LateRank,     ///< a rank last in collectives that no op type explains
    Straggler,    ///< op types slower on one rank that nobody waited for (extra kernel time)
    OutlierStep,  ///< an outlier step no late rank explains
    BankAnomaly,  ///< an op's tensors in other memory banks than on the other ranks
    PipelineWait, ///< ranks waiting a large share of their steps in pipeline (point-to-point) receives
    SlowLink,     ///< a communication link the matrix judges slow (core/query/commmatrix.h)
};

/// The `finding.kind` text ("stall", "slow_rank", …).
constexpr std::string_view sqlText(FindingKind k) {
    switch (k) {
    case FindingKind::Stall:
        return "stall";
    case FindingKind::SlowRank:
        return "slow_rank";
    case FindingKind::LateRank:
        return "late_rank";
    case FindingKind::Straggler:
        return "straggler";
    case FindingKind::OutlierStep:
        return "outlier_step";
    case FindingKind::BankAnomaly:
        return "bank_anomaly";
    case FindingKind::PipelineWait:
        return "pipeline_wait";
    case FindingKind::SlowLink:
        return "slow_link";
    }
    return "stall";
}

/// The kind a `finding.kind` text names; nullopt for other text.
constexpr std::optional<FindingKind> findingKindFromSql(std::string_view s) {
    for (auto k : {FindingKind::Stall, FindingKind::SlowRank, FindingKind::LateRank, FindingKind::Straggler,
                   FindingKind::OutlierStep, FindingKind::BankAnomaly, FindingKind::PipelineWait,
                   FindingKind::SlowLink})
        if (sqlText(k) == s) return k;
    return std::nullopt;
}

} // namespace rs::model
