#include "tests/support/importharness.h"

#include "core/import/importcontext.h"
#include "core/import/rankjob.h"
#include "core/index/sqlite.h"
#include "tests/support/testsupport.h"

#include <cstdio>
#include <filesystem>
#include <map>
#include <thread>

namespace rs::test {

namespace {

template <class T> std::string opt(const std::optional<T>& v) {
    if (!v) return "-";
    if constexpr (std::is_floating_point_v<T>) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%g", *v);
        return buf;
    } else {
        return std::to_string(*v);
    }
}

std::string num(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

template <class... T> std::string bar(const T&... parts) {
    std::string s;
    ((s += (s.empty() ? "" : "|") + std::string(parts)), ...);
    return s;
}

void append(model::Batch& to, model::Batch& from) {
    auto move = [](auto& dst, auto& src) {
        dst.insert(dst.end(), std::make_move_iterator(src.begin()), std::make_move_iterator(src.end()));
    };
    move(to.spans, from.spans);
    move(to.counters, from.counters);
    move(to.tracks, from.tracks);
    move(to.lods, from.lods);
    move(to.steps, from.steps);
    move(to.breakdowns, from.breakdowns);
    move(to.commOps, from.commOps);
    move(to.tensors, from.tensors);
    move(to.shapes, from.shapes);
    move(to.launches, from.launches);
    move(to.memory, from.memory);
    move(to.flows, from.flows);
    move(to.commLinks, from.commLinks);
    move(to.commGroups, from.commGroups);
    move(to.commSources, from.commSources);
    move(to.diagnostics, from.diagnostics);
    move(to.ranks, from.ranks);
    move(to.files, from.files);
}

} // namespace

ImportedRows importOne(const std::string& path, import::FileKind kind, import::RankState rank,
                       bool rankHasTraceView) {
    ImportedRows r;
    import::ImportContext ctx;
    std::vector<std::unique_ptr<model::Batch>> batches;
    std::thread drain([&] {
        while (auto b = ctx.queue.pop())
            batches.push_back(std::move(b));
    });
    import::SourceFile f;
    f.path = path;
    f.kind = kind;
    std::error_code ec;
    f.sizeBytes = int64_t(std::filesystem::file_size(path, ec));
    {
        import::RowEmitter out(ctx);
        r.ok = import::importFile(ctx, out, rank, f, 1, rankHasTraceView, r.error, r.records);
        out.flushDiagnostics();
        out.flush();
    }
    ctx.queue.close();
    drain.join();
    for (auto& b : batches)
        append(r.rows, *b);
    r.strings = ctx.strings.strings();
    r.preScanBytes = ctx.preScanBytes.load();
    r.rank = std::move(rank);
    return r;
}

std::vector<std::string> ImportedRows::lines() const {
    std::vector<std::string> out;
    for (const char* kind :
         {"track", "span", "counter", "step", "kernelstep", "breakdown", "commop", "tensor", "shape",
          "launch", "memory", "flow", "commlink", "commgroup", "commsource", "diag"})
        for (const auto& l : lines(kind))
            out.push_back(std::string(kind) + " " + l);
    return out;
}

std::vector<std::string> ImportedRows::lines(const std::string& kind) const {
    using std::to_string;
    std::map<int64_t, std::string> lane;
    for (const auto& t : rows.tracks)
        lane[t.trackId] = t.name;
    auto laneOf = [&](int64_t id) { return lane.count(id) ? lane.at(id) : "?" + to_string(id); };
    std::vector<std::string> out;
    const model::Batch& b = rows;
    if (kind == "track")
        for (const auto& t : b.tracks)
            out.push_back(bar(std::string(model::sqlText(t.kind)), t.process, t.name, t.pid, t.tid,
                              to_string(t.sortIndex), to_string(t.spanCount), to_string(t.maxDepth)));
    std::map<int64_t, bool> renested; // a track whose spans came out of order is re-nested after the load
    for (const auto& t : b.tracks)
        renested[t.trackId] = t.maxDepth < 0;
    if (kind == "span")
        for (const auto& s : b.spans)
            out.push_back(bar(laneOf(s.trackId), to_string(s.tsNs), to_string(s.durNs), str(s.nameId),
                              str(s.opTypeId), str(s.catId), renested[s.trackId] ? "*" : to_string(s.depth)));
    if (kind == "counter")
        for (const auto& c : b.counters)
            out.push_back(bar(laneOf(c.trackId), to_string(c.tsNs), num(c.value)));
    if (kind == "step")
        for (const auto& s : b.steps)
            out.push_back(bar(to_string(s.rank), to_string(s.step), to_string(s.startNs), to_string(s.endNs),
                              s.source));
    if (kind == "kernelstep")
        for (const auto& [step, w] : rank.kernelStepWindows)
            out.push_back(bar(to_string(step), to_string(w.first), to_string(w.second)));
    if (kind == "breakdown")
        for (const auto& s : b.breakdowns)
            out.push_back(bar(to_string(s.rank), to_string(s.step), to_string(s.computing),
                              to_string(s.commNotOverlapped), to_string(s.overlapped), to_string(s.comm),
                              to_string(s.free), to_string(s.stage), to_string(s.bubble), opt(s.preparing)));
    if (kind == "commop")
        for (const auto& c : b.commOps)
            out.push_back(bar(to_string(c.rank), to_string(c.step), c.name, c.group, to_string(c.startNs),
                              to_string(c.elapseNs), to_string(c.transitNs), to_string(c.waitNs),
                              to_string(c.syncNs), to_string(c.idleNs), to_string(c.bytes)));
    if (kind == "tensor")
        for (const auto& t : b.tensors)
            out.push_back(bar(to_string(t.rank), t.tensorId, t.opName, to_string(t.sizeBytes), opt(t.addr),
                              opt(t.allocNs), opt(t.freeNs), opt(t.allocStep), opt(t.freeStep),
                              opt(t.deviceId), t.source));
    if (kind == "shape")
        for (const auto& s : b.shapes)
            out.push_back(bar(to_string(s.rank), to_string(s.tsNs), to_string(s.durNs), str(s.opTypeId),
                              str(s.shapesId), str(s.dtypesId)));
    if (kind == "launch")
        for (const auto& l : b.launches)
            out.push_back(bar(laneOf(l.trackId), to_string(l.tsNs), l.collective, l.pointToPoint ? "1" : "0",
                              str(l.hostOpId)));
    if (kind == "memory")
        for (const auto& m : b.memory)
            out.push_back(bar(to_string(m.rank), opt(m.tsNs), m.component, opt(m.allocated), opt(m.reserved),
                              opt(m.active)));
    if (kind == "flow")
        for (const auto& f : b.flows)
            out.push_back(bar(to_string(f.rank), f.idNum ? to_string(*f.idNum) : f.idText, str(f.catId),
                              str(f.nameId), std::string(1, f.phase), f.bindEnclosing ? "e" : "",
                              to_string(f.tsNs), laneOf(f.trackId)));
    if (kind == "commlink")
        for (const auto& c : b.commLinks)
            out.push_back(bar(to_string(c.rank), opt(c.step), c.kind, c.op, model::commEntryName(c.entry),
                              c.sample, c.group, to_string(c.src) + "-" + to_string(c.dst),
                              c.ranksGlobal ? "global" : "local", c.transport, to_string(c.bytes),
                              opt(c.timeNs), opt(c.opCount), c.opNames, c.source,
                              c.logical                                    ? "logical"
                              : c.sizeUnit == model::CommSizeUnit::HcclRaw ? "hccl_raw units"
                                                                           : "link"));
    if (kind == "commgroup")
        for (const auto& g : b.commGroups)
            out.push_back(bar(to_string(g.rank), g.group, g.commName, g.label, to_string(g.groupRank),
                              g.globalRanks, g.source));
    if (kind == "commsource")
        for (const auto& c : b.commSources)
            out.push_back(bar(to_string(c.rank), c.source, to_string(c.rows), to_string(c.linked), c.note));
    if (kind == "diag")
        for (const auto& d : b.diagnostics)
            out.push_back(bar(d.severity, d.what, to_string(d.count), to_string(d.firstOffset)));
    return out;
}

std::string joinLines(const std::vector<std::string>& lines) {
    std::string s;
    for (const auto& l : lines)
        s += l + "\n";
    return s;
}

std::string makeSqliteFile(const std::string& tag, const std::string& relPath, const std::string& sql) {
    const std::string path = tempDir(tag) + "/" + relPath;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    index::Db db(path);
    db.exec(sql);
    return path;
}

} // namespace rs::test
