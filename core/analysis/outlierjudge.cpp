#include "core/analysis/outlierjudge.h"

#include "core/model/typicalstep.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <limits>

namespace rs::analysis {

using stats::mad;
using stats::median;
using stats::robustZ;

OutlierJudge::OutlierJudge(const std::vector<StepRow>& rows, const AnalysisOptions& opts)
    : m_opts(opts), m_n(rows.size()) {
    std::vector<double> walls, waits, computes, idles, preps, comms;
    for (auto& r : rows) {
        walls.push_back(double(r.wall));
        waits.push_back(double(r.wait));
        if (r.computeKnown) computes.push_back(double(r.compute)); // an unknown compute is no 0
        idles.push_back(double(r.idle)); // without kernels: the time outside communication
        if (r.preparingKnown) preps.push_back(double(r.preparing));
        if (r.commKnown) comms.push_back(double(r.notOverlapped));
    }
    m_typicalWall = model::typicalStepNs(walls);
    m_medWall = median(walls);
    m_madWall = mad(walls, m_medWall);
    m_medWait = median(waits);
    m_madWait = mad(waits, m_medWait);
    m_medCompute = median(computes);
    m_medIdle = median(idles);
    m_prepKnown = !preps.empty();
    m_commKnown = !comms.empty();
    m_medPrep = median(preps);
    m_medComm = median(comms);
}

bool OutlierJudge::isOutlier(const StepRow& r) const {
    if (m_n < 3) return false;
    bool wallOut = robustZ(double(r.wall), m_medWall, m_madWall) > m_opts.robustZ &&
                   double(r.wall) > m_medWall * (1 + m_opts.outlierMinFraction);
    bool waitOut = robustZ(double(r.wait), m_medWait, m_madWait) > m_opts.robustZ &&
                   double(r.wait) - m_medWait > m_medWall * m_opts.outlierMinFraction;
    return wallOut || waitOut;
}

model::StepCause OutlierJudge::cause(const StepRow& r, int rank) const {
    using K = model::StepCauseKind;
    double extra = std::max(1.0, double(r.wall) - m_medWall);
    double dWait = double(r.wait) - m_medWait, dIdle = double(r.idle) - m_medIdle;
    double dCompute = double(r.compute) - m_medCompute, dPrep = double(r.preparing) - m_medPrep;
    double dComm = double(r.notOverlapped) - m_medComm - std::max(0.0, dWait);
    auto c = [&](K kind, double ns) {
        // the late rank by its key, as step_stat's rank columns name ranks; the shown sentence is rendered
        // with its number (core/query/report.h, stepCauseAt)
        return model::StepCause{kind, int64_t(ns), r.biggestCollective, r.lateRank, rank, std::nullopt};
    };
    if (dWait >= 0.5 * extra && r.lateRank && *r.lateRank != rank) return c(K::WaitedForRank, dWait);
    if (dWait >= 0.5 * extra && !r.lateRank) return c(K::WaitedForUnknown, dWait);
    if (double(r.idleGap) >= 0.5 * extra) return c(K::IdleBeforeCollective, double(r.idleGap));
    // a rank without kernels measured neither its compute nor its idle time, only their sum (the time
    // outside communication, its `idle` then): "idle time grew by" would read as measured
    if (!r.computeKnown && dIdle > std::max(dPrep, dComm)) return c(K::OutsideCommunication, dIdle);
    if (!r.computeKnown) dIdle = dCompute = -std::numeric_limits<double>::infinity();
    if (!r.preparingKnown || !m_prepKnown) dPrep = -std::numeric_limits<double>::infinity();
    if (!r.commKnown || !m_commKnown) dComm = -std::numeric_limits<double>::infinity();
    double top = std::max({dIdle, dCompute, dPrep, dComm});
    // nothing inside the step was measured (no kernels, comm and preparing unrecorded): only its wall grew
    if (top == -std::numeric_limits<double>::infinity()) return c(K::OutsideCommunication, extra);
    if (top == dCompute) return c(K::Compute, dCompute);
    if (top == dPrep) return c(K::Preparing, dPrep);
    if (top == dIdle) return c(K::Idle, dIdle);
    return c(K::Communication, dComm);
}

} // namespace rs::analysis
