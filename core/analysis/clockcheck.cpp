#include "core/analysis/clockcheck.h"
#include "core/model/plural.h"

#include "core/analysis/rankcontext.h"
#include "core/model/timetext.h"

#include <algorithm>
#include <string>
#include <vector>

namespace rs::analysis {

using index::Db;

namespace {

struct Range {
    int64_t start = INT64_MAX, end = INT64_MIN;
    bool known() const { return start <= end; }
    void add(int64_t s, int64_t e) {
        start = std::min(start, s);
        end = std::max(end, e);
    }
};

bool far(const Range& a, const Range& b) {
    return a.known() && b.known() && farApart(a.start, a.end, b.start, b.end);
}

Range trackRange(Db& db, int64_t track) {
    Range r;
    auto first = db.prepare("SELECT ts_ns FROM span WHERE track_id = ? ORDER BY ts_ns LIMIT 1");
    first.bind(1, track);
    if (!first.step()) return r;
    auto last =
        db.prepare("SELECT max(ts_ns + dur_ns) FROM (SELECT ts_ns, dur_ns FROM span WHERE track_id = ? "
                   "ORDER BY ts_ns DESC LIMIT 64)");
    last.bind(1, track);
    last.step();
    r.add(first.i64(0), last.i64(0));
    return r;
}

std::string span(const Range& r) {
    return "at " + model::formatOffset(r.start, 1000000) + ", " + model::formatDuration(r.end - r.start) +
           " long";
}

struct Lane {
    int64_t id;
    std::string kind, name;
    Range range;
};

/// The rank's communication lies with its steps and none with its device ops: the collectives, what the
/// job's ranks share, are on the steps' clock (legacy MindSpore's step trace: its communication ops and steps
/// count one system counter; resource/profiler's rank 0 has 80 there, beside a timeline of 3 ops from 0 s).
bool communicationWithSteps(const std::vector<Lane>& lanes, const Range& device, const Range& steps) {
    bool withSteps = false;
    for (const auto& t : lanes) {
        if (t.kind != "communication" || !t.range.known()) continue;
        if (!far(t.range, device)) return false;
        withSteps = withSteps || !far(t.range, steps);
    }
    return withSteps;
}

std::string namesOf(const std::vector<std::string>& names) {
    std::string out;
    for (size_t i = 0; i < names.size() && i < 4; ++i)
        out += (i ? ", " : "") + names[i];
    if (names.size() > 4) out += " and " + std::to_string(names.size() - 4) + " more";
    return out;
}

/// rank_info.clock_note and the rank's warning, under the rank's key as every rank-local diagnostic (a
/// cluster merge relabels keys; the readers name the rank as its files do: rankrelabel.h).
/// `where`: the files the note is about; empty: the rank.
void writeNote(RankContext& ctx, const std::string& note, const std::string& excerpt,
               const std::string& where = {}) {
    ctx.db.prepare("UPDATE rank_info SET clock_note = ? WHERE rank = ?")
        .bind(1, note)
        .bind(2, ctx.rank)
        .exec();
    ctx.diagnostics().add(where.empty() ? "rank " + std::to_string(ctx.rank) : where, "warning", note, 1,
                          excerpt);
}

/// The files the lanes' spans come from (a span of each, through the span index), in lane order, once
/// each. The Diagnostics dialog's File column named "rank 0 (index key 10000)" for lanes set apart (walk
/// 53b).
std::vector<std::string> filesOf(RankContext& ctx, const std::vector<int64_t>& trackIds) {
    auto q = ctx.db.prepare("SELECT f.path FROM span s JOIN source_file f ON f.file_id = s.file_id "
                            "WHERE s.track_id = ? LIMIT 1");
    std::vector<std::string> paths;
    for (int64_t id : trackIds) {
        q.bind(1, id);
        if (q.step() && std::find(paths.begin(), paths.end(), q.text(0)) == paths.end())
            paths.push_back(q.text(0));
        q.reset();
    }
    return paths;
}

/// The rank's steps and communication are on one clock (communicationWithSteps): they stay, and every lane
/// far from the steps — the device ops — is set apart, so the collectives meet the other ranks' on theirs.
/// The note says the lanes are not drawn (the timeline shows aligned lanes only): walk 27 found rank 0's
/// two lanes of the legacy profiler folder gone with a warning that said only "not aligned".
void keepTheStepsClock(RankContext& ctx, const std::vector<Lane>& lanes, const Range& device,
                       const Range& steps) {
    std::vector<std::string> apart;
    std::vector<int64_t> apartIds;
    for (const auto& t : lanes)
        if (far(t.range, steps)) {
            ctx.db.prepare("UPDATE track SET aligned = 0 WHERE track_id = ?").bind(1, t.id).exec();
            apart.push_back(t.name);
            apartIds.push_back(t.id);
        }
    // filed under the lanes' file (the first, the others named in the excerpt): a file of the rank, so its
    // run's Details count it (runreport.cpp narrowDiagnostics)
    const std::vector<std::string> files = filesOf(ctx, apartIds);
    std::string excerpt = "device ops " + span(device) + "; steps " + span(steps);
    if (files.size() > 1) excerpt.append("; lanes of ").append(std::to_string(files.size())).append(" files");
    // how many ops go undrawn, not only on how many lanes (r55a: "2 lanes of device ops … not drawn" left the
    // reader to guess whether that was 3 ops or 3000)
    int64_t ops = 0;
    auto count = ctx.db.prepare("SELECT count(*) FROM span WHERE track_id = ?");
    for (int64_t id : apartIds) {
        count.bind(1, id);
        if (count.step()) ops += count.i64(0);
        count.reset();
    }
    std::string note = model::counted(ops, "device op", "device ops");
    note.append(" on ")
        .append(model::counted(int64_t(apart.size()), "lane", "lanes"))
        .append(" not aligned with the steps and the communication (no sync record), not drawn: ")
        .append(namesOf(apart));
    writeNote(ctx, note, excerpt, files.empty() ? std::string() : files.front());
}

} // namespace

bool farApart(int64_t aStartNs, int64_t aEndNs, int64_t bStartNs, int64_t bEndNs) {
    const int64_t gap = std::max(aStartNs - bEndNs, bStartNs - aEndNs);
    const int64_t longer = std::max(aEndNs - aStartNs, bEndNs - bStartNs);
    return gap > kFarGapNs && gap > 2 * longer;
}

PassInfo ClockCheckPass::info() const {
    return {"rank_clock",
            PassScope::RankLocal,
            {"track", "span", "step"},
            {"track.aligned", "step", "rank_info.clock_note", "sum_diagnostic"}};
}

void ClockCheckPass::run(RankContext& ctx) {
    Db& db = ctx.db;
    const int rank = ctx.rank;
    std::vector<Lane> tracks;
    Range device;
    {
        auto q = db.prepare("SELECT track_id, kind, name FROM track WHERE rank = ?");
        q.bind(1, rank);
        while (q.step())
            tracks.push_back({q.i64(0), q.text(1), q.text(2), {}});
    }
    for (auto& t : tracks) {
        t.range = trackRange(db, t.id);
        if (t.kind == "compute" && t.range.known()) device.add(t.range.start, t.range.end);
    }
    if (!device.known()) return; // no device ops: nothing to align to
    Range steps;
    {
        auto q = db.prepare("SELECT min(start_ns), max(end_ns) FROM step WHERE rank = ?");
        q.bind(1, rank);
        if (q.step() && !q.isNull(0)) steps.add(q.i64(0), q.i64(1));
    }
    const bool stepsApart = far(steps, device);
    if (stepsApart && communicationWithSteps(tracks, device, steps))
        return keepTheStepsClock(ctx, tracks, device, steps);
    std::vector<std::string> apart;
    for (auto& t : tracks)
        if (t.kind != "compute" && far(t.range, device)) {
            db.prepare("UPDATE track SET aligned = 0 WHERE track_id = ?").bind(1, t.id).exec();
            apart.push_back(t.name);
        }
    if (stepsApart) {
        db.prepare("DELETE FROM step WHERE rank = ?").bind(1, rank).exec();
        db.prepare("INSERT INTO step(rank, step, start_ns, end_ns, source) VALUES(?, 0, ?, ?, 'whole-trace')")
            .bind(1, rank)
            .bind(2, device.start)
            .bind(3, device.end)
            .exec();
    }
    if (apart.empty() && !stepsApart) return;
    std::string note;
    if (stepsApart) note = "steps not aligned with the device ops (no sync record): not used";
    if (!apart.empty())
        note += (note.empty() ? "" : "; ") + model::counted(int64_t(apart.size()), "lane", "lanes") +
                " not aligned with the device ops (no sync record), not drawn: " + namesOf(apart);
    std::string excerpt = "device ops " + span(device);
    if (stepsApart) excerpt += "; steps " + span(steps);
    writeNote(ctx, note, excerpt);
}

} // namespace rs::analysis
