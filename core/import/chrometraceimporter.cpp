#include "core/import/chrometraceimporter.h"
#include "core/import/kernelinputs.h"

#include "core/formats/jsoneventsplitter.h"
#include "core/formats/jsonscan.h"
#include "core/import/profilelabels.h"
#include "core/import/trackclassifier.h"
#include "core/model/decimal.h"
#include "core/model/optype.h"
#include "core/model/tracknester.h"

#include <algorithm>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

namespace rs::import {

using formats::JsonKind;
using formats::JsonValue;
using model::TimeUnit;

namespace {

struct Event {
    JsonValue ph, name, cat, ts, dur, pid, tid, id, bindId, bp, s, args;
};

void readEvent(std::string_view obj, Event& e, bool& ok) {
    e = Event{};
    ok = formats::forEachMember(obj, [&](std::string_view k, const JsonValue& v) {
        switch (k.size()) {
        case 2:
            if (k == "ph")
                e.ph = v;
            else if (k == "ts")
                e.ts = v;
            else if (k == "id")
                e.id = v;
            else if (k == "bp")
                e.bp = v;
            break;
        case 3:
            if (k == "pid")
                e.pid = v;
            else if (k == "tid")
                e.tid = v;
            else if (k == "cat")
                e.cat = v;
            else if (k == "dur")
                e.dur = v;
            break;
        case 4:
            if (k == "name")
                e.name = v;
            else if (k == "args")
                e.args = v;
            break;
        case 1:
            if (k == "s") e.s = v;
            break;
        case 7:
            if (k == "bind_id") e.bindId = v;
            break;
        default:
            break;
        }
    });
}

struct TrackInfo {
    int64_t id;
    std::string pid, tid;
    std::unique_ptr<model::TrackNester> nester;
    int64_t ncclSpans = 0, kernelSpans = 0;
    bool counter = false;
    std::string counterName;
    struct Open {
        int64_t ts;
        int32_t nameId, catId, opTypeId;
        int64_t offset;
    };
    std::vector<Open> openB; // B/E stack
    struct Enclosing {
        int64_t start, end;
        int32_t nameId;
    };
    std::vector<Enclosing> enclosing; // open X spans, to attribute [memory] allocations to their op
    int64_t asyncOpen = 0;
};

struct LiveAlloc {
    int64_t tsNs, bytes;
    int64_t deviceId;
    int32_t opNameId; ///< enclosing host op, -1 when none
};

} // namespace

ChromeTraceImporter::ChromeTraceImporter(ImportContext& ctx, RowEmitter& out, RankState& rank)
    : m_ctx(ctx), m_out(out), m_rank(rank) {}

namespace {
/// Lane names are unique within a rank and say where they come from: a thread name that occurs in two
/// processes gets the process (as the producer named it, else its pid) after it.
void uniqueTrackNames(model::Batch& b) {
    std::map<std::string, int> seen;
    for (const auto& t : b.tracks)
        ++seen[t.name];
    for (auto& t : b.tracks)
        if (seen[t.name] > 1)
            t.name += " (" + (t.process.empty() ? "pid " + t.pid : t.process + " " + t.pid) + ")";
    std::map<std::string, int> again; // the same process name twice: number them
    for (auto& t : b.tracks)
        if (int n = again[t.name]++; n > 0) t.name += " #" + std::to_string(n + 1);
}
} // namespace

bool ChromeTraceImporter::run(const SourceFile& file, int32_t fileId, std::string& error, int64_t& records) {
    const std::string& path = file.path;
    std::string err;
    auto src = io::openByteSource(path, err);
    if (!src) {
        error = err;
        return false;
    }
    auto splitter = std::make_unique<formats::JsonEventSplitter>(*src);
    std::string_view ev;
    int64_t offset = 0;
    auto st = splitter->next(ev, offset);
    if (st == formats::JsonEventSplitter::Status::Error) {
        error = path + ": " + splitter->error();
        return false;
    }

    // Kineto writes baseTimeNanoseconds after traceEvents: when an object container has not shown it
    // before the first event, pre-scan the top-level members once (a splitter pass costs a fraction
    // of the parse) and restart.
    std::map<std::string, std::string> meta = splitter->meta();
    if (splitter->container() == formats::JsonEventSplitter::Container::Object &&
        !meta.count("baseTimeNanoseconds")) {
        std::string e2;
        auto pre = io::openByteSource(path, e2);
        if (pre) {
            formats::JsonEventSplitter ps(*pre);
            std::string_view pv;
            int64_t po;
            while (ps.next(pv, po) == formats::JsonEventSplitter::Status::Event) {
                if (m_ctx.cancelled()) return false;
            }
            for (auto& [k, v] : ps.meta())
                meta.emplace(k, v);
        }
    }
    int64_t baseNs = 0;
    if (auto it = meta.find("baseTimeNanoseconds"); it != meta.end()) {
        if (auto b = model::parseI64(it->second)) baseNs = *b;
    }
    if (auto it = meta.find("distributedInfo"); it != meta.end()) {
        formats::forEachMember(it->second, [&](std::string_view k, const JsonValue& v) {
            if (k == "rank") {
                if (auto r = model::parseI64(v.text); r && *r >= 0 && *r <= INT32_MAX) {
                    m_rank.rank = int(*r);
                    m_rank.rankFromData = true;
                }
            } else if (k == "world_size") {
                if (auto w = model::parseI64(v.text); w && *w > 0) m_rank.worldSize = *w;
            }
        });
        if (m_rank.source.empty()) m_rank.source = "kineto";
    }
    if (meta.count("distributedInfo") || meta.count("deviceProperties") || meta.count("schemaVersion"))
        labelsFromKinetoMeta(meta, m_rank);
    if (auto it = meta.find("host_name"); it != meta.end())
        m_rank.host = std::string(model::trimCell(it->second));
    if (m_rank.source.empty()) m_rank.source = file.kind == FileKind::TraceView ? "ascend" : "chrome";

    LocalInterner strings(m_ctx.strings);
    std::unordered_map<std::string, TrackInfo> tracks;
    std::unordered_map<std::string, std::string> processNames, processLabels, threadNames;
    std::unordered_map<std::string, int64_t> processSort, threadSort;
    std::unordered_map<int32_t, int32_t> opTypeOfName;
    std::unordered_map<uint64_t, LiveAlloc> liveAllocs;
    std::string scratch, key;
    int rank = m_rank.rank;
    model::Batch* b = &m_out.batch();
    KernelInputs inputs(strings); // Kineto kernels' input shapes, from the CPU ops that launched them
    const std::string& fpath = path;
    auto excerpt = [](std::string_view s) { return s.substr(0, 160); };

    auto trackFor = [&](std::string_view pid, std::string_view tid, bool counter,
                        std::string_view cname) -> TrackInfo& {
        key.assign(pid);
        key.push_back('\x1f');
        if (counter) {
            key += "C:";
            key.append(cname);
        } else {
            key.append(tid);
        }
        auto it = tracks.find(key);
        if (it != tracks.end()) return it->second;
        TrackInfo t;
        t.id = m_ctx.nextTrackId.fetch_add(1);
        t.pid = std::string(pid);
        t.tid = std::string(tid);
        t.counter = counter;
        t.counterName = std::string(cname);
        t.nester = std::make_unique<model::TrackNester>(t.id);
        return tracks.emplace(key, std::move(t)).first->second;
    };
    auto opTypeFor = [&](int32_t nameId, std::string_view name) -> int32_t {
        auto it = opTypeOfName.find(nameId);
        if (it != opTypeOfName.end()) return it->second;
        int32_t id;
        auto m = m_rank.opTypeByName.find(std::string(name));
        if (m != m_rank.opTypeByName.end())
            id = strings.intern(m->second);
        else
            id = strings.intern(model::deriveOpType(name));
        opTypeOfName.emplace(nameId, id);
        return id;
    };
    auto timeOf = [&](const JsonValue& v, int64_t& out) -> bool {
        if (!v.present()) return false;
        auto t = model::parseScaled(v.text, TimeUnit::Us);
        if (!t) return false;
        auto sum = model::addTimes(*t, baseNs); // out of range: reported like a bad ts, never wrapped
        if (!sum) return false;
        out = *sum;
        return true;
    };
    auto idText = [](const JsonValue& v) -> std::string {
        if (v.kind == JsonKind::String) return v.str();
        return std::string(v.text);
    };
    auto emitSpan = [&](TrackInfo& t, int64_t ts, int64_t dur, int32_t nameId, int32_t catId, int32_t opId,
                        int64_t off) {
        int depth = t.nester->add(ts, dur, nameId, b->lods);
        b->spans.push_back({t.id, ts, dur, nameId, opId, catId, depth, fileId, off});
    };

    Event e;
    int64_t n = 0;
    int64_t lastProgressRaw = 0;
    for (; st == formats::JsonEventSplitter::Status::Event; st = splitter->next(ev, offset)) {
        ++n;
        if ((n & 4095) == 0) {
            int64_t raw = src->rawBytesRead();
            m_ctx.bytesDone.fetch_add(raw - lastProgressRaw);
            m_ctx.eventsDone.fetch_add(4096);
            lastProgressRaw = raw;
            if (m_ctx.cancelled()) return false;
            m_out.maybeFlush();
            b = &m_out.batch();
        }
        bool ok;
        readEvent(ev, e, ok);
        if (!ok) {
            m_out.diag(fpath, "warning", "malformed event object", offset, excerpt(ev));
            continue;
        }
        std::string_view ph = e.ph.text;
        if (ph.size() != 1) {
            m_out.diag(fpath, "warning", ph.empty() ? "event without ph" : "unknown ph", offset, excerpt(ev));
            continue;
        }
        std::string pidS = idText(e.pid), tidS = idText(e.tid);
        switch (ph[0]) {
        case 'X': {
            int64_t ts, dur = 0;
            if (!timeOf(e.ts, ts)) {
                m_out.diag(fpath, "warning", "X event with a missing or bad ts", offset, excerpt(ev));
                continue;
            }
            if (e.dur.present()) {
                auto d = model::parseScaled(e.dur.text, TimeUnit::Us);
                if (!d || !model::addTimes(ts, *d)) {
                    m_out.diag(fpath, "warning", "X event with a bad dur", offset, excerpt(ev));
                    continue;
                }
                dur = *d;
            }
            std::string name = e.name.str();
            int32_t nameId = strings.intern(name);
            TrackInfo& t = trackFor(pidS, tidS, false, {});
            std::string cat = e.cat.str();
            if (cat == "kernel") ++t.kernelSpans;
            if (name.rfind("ncclKernel", 0) == 0 || name.rfind("ncclDevKernel", 0) == 0) ++t.ncclSpans;
            int32_t opId = 0;
            if (file.kind == FileKind::LegacyTimeline && e.args.present()) {
                // MindSpore 1.x names the op type in args ("type": "AssignAdd"); trust it over the name.
                formats::forEachMember(e.args.text, [&](std::string_view k, const JsonValue& v) {
                    if (k == "type" && v.kind == JsonKind::String) opId = strings.intern(v.str());
                });
            }
            if (!opId) opId = opTypeFor(nameId, name);
            emitSpan(t, ts, dur, nameId, strings.intern(cat), opId, offset);
            if (e.args.present()) {
                if (cat == "cpu_op")
                    inputs.cpuOp(e.args.text);
                else if (cat == "kernel")
                    inputs.kernel(ts, dur, opId, e.args.text);
            }
            while (!t.enclosing.empty() && t.enclosing.back().end <= ts)
                t.enclosing.pop_back();
            t.enclosing.push_back({ts, ts + dur, nameId});
            if (name.rfind("ProfilerStep#", 0) == 0) {
                if (auto s = model::parseI64(std::string_view(name).substr(13))) {
                    b->steps.push_back({rank, *s, ts, ts + dur, "trace"});
                    m_rank.traceSteps[*s] = {ts, ts + dur};
                    m_rank.haveTraceSteps = true;
                }
            }
            break;
        }
        case 'B': {
            int64_t ts;
            if (!timeOf(e.ts, ts)) {
                m_out.diag(fpath, "warning", "B event with a missing or bad ts", offset, excerpt(ev));
                continue;
            }
            std::string name = e.name.str();
            int32_t nameId = strings.intern(name);
            TrackInfo& t = trackFor(pidS, tidS, false, {});
            t.openB.push_back({ts, nameId, strings.intern(e.cat.str()), opTypeFor(nameId, name), offset});
            break;
        }
        case 'E': {
            int64_t ts;
            TrackInfo& t = trackFor(pidS, tidS, false, {});
            if (!timeOf(e.ts, ts) || t.openB.empty()) {
                m_out.diag(fpath, "warning",
                           t.openB.empty() ? "E without a matching B" : "E event with a bad ts", offset,
                           excerpt(ev));
                continue;
            }
            auto o = t.openB.back();
            t.openB.pop_back();
            // B/E close inner-first, so spans arrive end-ordered; the nester's order check flags the
            // track and the post-load pass re-nests it from an ordered scan.
            emitSpan(t, o.ts, std::max<int64_t>(0, ts - o.ts), o.nameId, o.catId, o.opTypeId, o.offset);
            break;
        }
        case 'i':
        case 'I': {
            std::string name = e.name.str();
            if (name != "[memory]") break; // other instants carry no duration: not spans
            int64_t ts;
            if (!timeOf(e.ts, ts)) {
                m_out.diag(fpath, "warning", "[memory] event with a bad ts", offset, excerpt(ev));
                continue;
            }
            std::optional<uint64_t> addr;
            std::optional<int64_t> bytes, totalAlloc, totalRes, devId, devType;
            formats::forEachMember(e.args.text, [&](std::string_view k, const JsonValue& v) {
                if (k == "Addr")
                    addr = model::parseU64(v.text);
                else if (k == "Bytes")
                    bytes = model::parseI64(v.text);
                else if (k == "Total Allocated")
                    totalAlloc = model::parseI64(v.text);
                else if (k == "Total Reserved")
                    totalRes = model::parseI64(v.text);
                else if (k == "Device Id")
                    devId = model::parseI64(v.text);
                else if (k == "Device Type")
                    devType = model::parseI64(v.text);
            });
            if (!addr || !bytes) {
                m_out.diag(fpath, "warning", "[memory] event without Addr/Bytes", offset, excerpt(ev));
                continue;
            }
            if (devType && *devType == 0) break; // host (CPU) allocations are not device memory
            if (devId && !m_rank.deviceId) m_rank.deviceId = *devId;
            b->memory.push_back({rank, ts, "PyTorch", totalAlloc, totalRes, std::nullopt});
            if (*bytes > 0) {
                // The innermost host op open at this instant on the same thread made the allocation.
                int32_t opId = -1;
                key.assign(pidS);
                key.push_back('\x1f');
                key.append(tidS);
                auto ti = tracks.find(key);
                if (ti != tracks.end()) {
                    auto& enc = ti->second.enclosing;
                    while (!enc.empty() && enc.back().end <= ts)
                        enc.pop_back();
                    for (auto it = enc.rbegin(); it != enc.rend(); ++it)
                        if (it->start <= ts && ts < it->end &&
                            !std::string_view(m_ctx.strings.text(it->nameId)).starts_with("ProfilerStep#")) {
                            opId = it->nameId;
                            break;
                        }
                }
                liveAllocs[*addr] = {ts, *bytes, devId.value_or(-1), opId};
            } else {
                auto it = liveAllocs.find(*addr);
                if (it == liveAllocs.end()) {
                    m_out.diag(fpath, "info", "free of an address allocated before the trace", offset,
                               excerpt(ev));
                    break;
                }
                model::TensorRow tr;
                tr.rank = rank;
                tr.tensorId = std::to_string(*addr) + "@" + std::to_string(it->second.tsNs);
                tr.sizeBytes = it->second.bytes;
                if (it->second.opNameId >= 0) tr.opName = m_ctx.strings.text(it->second.opNameId);
                tr.addr = *addr;
                tr.allocNs = it->second.tsNs;
                tr.freeNs = ts;
                if (it->second.deviceId >= 0) tr.deviceId = it->second.deviceId;
                tr.source = "kineto-memory";
                b->tensors.push_back(std::move(tr));
                liveAllocs.erase(it);
            }
            break;
        }
        case 'C': {
            int64_t ts;
            if (!timeOf(e.ts, ts)) {
                m_out.diag(fpath, "warning", "C event with a bad ts", offset, excerpt(ev));
                continue;
            }
            std::string name = e.name.str();
            int series = 0;
            formats::forEachMember(e.args.text, [&](std::string_view k, const JsonValue& v) {
                if (v.kind != JsonKind::Number) return;
                auto d = model::parseDouble(v.text);
                if (!d) return;
                ++series;
                TrackInfo& t = trackFor(pidS, {}, true, name + "/" + std::string(k));
                b->counters.push_back({t.id, ts, *d});
            });
            break;
        }
        case 'M': {
            std::string name = e.name.str();
            std::string argName;
            std::optional<int64_t> sortIdx;
            formats::forEachMember(e.args.text, [&](std::string_view k, const JsonValue& v) {
                if (k == "name" || k == "labels")
                    argName = v.str();
                else if (k == "sort_index")
                    sortIdx = model::parseI64(v.text);
            });
            if (name == "process_name")
                processNames[pidS] = argName;
            else if (name == "process_labels")
                processLabels[pidS] = argName;
            else if (name == "thread_name")
                threadNames[pidS + "\x1f" + tidS] = argName;
            else if (name == "process_sort_index" && sortIdx)
                processSort[pidS] = *sortIdx;
            else if (name == "thread_sort_index" && sortIdx)
                threadSort[pidS + "\x1f" + tidS] = *sortIdx;
            break;
        }
        case 's':
        case 't':
        case 'f': {
            int64_t ts;
            if (!timeOf(e.ts, ts)) {
                m_out.diag(fpath, "warning", "flow event with a bad ts", offset, excerpt(ev));
                continue;
            }
            const JsonValue& idv = e.id.present() ? e.id : e.bindId;
            TrackInfo& t = trackFor(pidS, tidS, false, {});
            b->flows.push_back({rank, idText(idv), strings.intern(e.cat.text), ph[0], ts, t.id});
            break;
        }
        case 'b':
        case 'e':
        case 'n':
        case 'S':
        case 'F':
        case 'T':
        case 'p':
        case 'P':
        case 'N':
        case 'O':
        case 'D':
        case 'R':
        case 'c':
        case 'V':
        case 'v':
        case '(':
        case ')':
            // Async, sample, object and memory-dump events: counted, not drawn (yet).
            m_out.diag(fpath, "info", std::string("ph '") + std::string(ph) + "' events not indexed", offset,
                       excerpt(ev));
            break;
        default:
            m_out.diag(fpath, "warning", "unknown ph", offset, excerpt(ev));
            break;
        }
    }
    if (st == formats::JsonEventSplitter::Status::Error) {
        // A truncated or corrupt tail: keep what was read, report where it broke.
        const bool bomb = splitter->error().find("decompression bomb") != std::string::npos;
        // Kineto writes baseTimeNanoseconds after the events: a file cut short lost it, so its times are
        // relative to an origin nobody knows (the rank then forms a run of its own)
        if (!bomb && !meta.count("baseTimeNanoseconds") &&
            (meta.count("distributedInfo") || meta.count("schemaVersion") || meta.count("deviceProperties")))
            m_out.diag(
                fpath, "warning",
                "no baseTimeNanoseconds (the file ends before it): times are relative to an unknown origin",
                splitter->bytesConsumed(), "");
        m_out.diag(fpath, "error",
                   bomb ? "stopped reading: decompression bomb"
                        : "file ends in the middle of an event (truncated?)",
                   splitter->bytesConsumed(), splitter->error());
    }
    if (st == formats::JsonEventSplitter::Status::End) {
        if (std::string rest = splitter->checkRest(); !rest.empty())
            m_out.diag(fpath, "warning", "the events are complete, but the file is damaged after them",
                       splitter->bytesConsumed(), rest);
    }
    if (splitter->unterminated())
        m_out.diag(fpath, "info", "event array not terminated (tolerated)", splitter->bytesConsumed(), "");
    if (splitter->skippedNonObjects() > 0)
        m_out.diag(fpath, "warning", "non-object elements in the event array", -1,
                   std::to_string(splitter->skippedNonObjects()) + " skipped");
    if (splitter->oversized() > 0)
        m_out.diag(fpath, "warning", "values larger than 64 MiB (an event or a metadata member) skipped", -1,
                   std::to_string(splitter->oversized()) + " skipped");
    if (splitter->resyncs() > 0)
        m_out.diag(fpath, "warning",
                   "text that cannot be JSON inside events (an unbalanced quote?): reading resumed at the "
                   "next event",
                   -1,
                   std::to_string(splitter->resyncs()) + " times, " +
                       std::to_string(splitter->resyncSkipped()) + " bytes passed over");
    m_ctx.bytesDone.fetch_add(src->rawBytesRead() - lastProgressRaw);
    m_ctx.eventsDone.fetch_add(n & 4095);

    inputs.emit(rank, m_out.batch().shapes);
    for (auto& [addr, a] : liveAllocs) {
        model::TensorRow tr;
        tr.rank = rank;
        tr.tensorId = std::to_string(addr) + "@" + std::to_string(a.tsNs);
        tr.sizeBytes = a.bytes;
        if (a.opNameId >= 0) tr.opName = m_ctx.strings.text(a.opNameId);
        tr.addr = addr;
        tr.allocNs = a.tsNs;
        if (a.deviceId >= 0) tr.deviceId = a.deviceId;
        tr.source = "kineto-memory";
        b->tensors.push_back(std::move(tr));
    }
    // Tracks are described at the end: M events may come after the events they name.
    for (auto& [k, t] : tracks) {
        for (auto& o : t.openB) {
            m_out.diag(fpath, "warning", "B without a matching E", o.offset, "");
            (void)o;
        }
        t.nester->finish(b->lods);
        model::TrackRow r;
        r.trackId = t.id;
        r.rank = rank;
        r.pid = t.pid;
        r.tid = t.tid;
        auto pn = processNames.find(t.pid);
        r.process = pn != processNames.end() ? pn->second : "";
        auto pl = processLabels.find(t.pid);
        std::string labels = pl != processLabels.end() ? pl->second : "";
        using model::TrackKind;
        std::optional<TrackKind> kind = trackKindForProcess(r.process, labels);
        auto tn = threadNames.find(t.pid + "\x1f" + t.tid);
        if (t.counter) {
            r.name = t.counterName;
            kind = TrackKind::Counter;
        } else {
            r.name = tn != threadNames.end() ? tn->second : (t.tid.empty() ? t.pid : "Thread " + t.tid);
        }
        if (!kind || kind == TrackKind::Host) {
            bool gpuLabel = labels.rfind("GPU", 0) == 0 || r.process.find("GPU") != std::string::npos ||
                            r.process.rfind("gpu", 0) == 0;
            if (t.kernelSpans > 0 || gpuLabel)
                kind = TrackKind::Compute;
            else if (!kind)
                kind = (r.name.rfind("Stream", 0) == 0 || r.name.rfind("stream", 0) == 0) ? TrackKind::Compute
                                                                                          : TrackKind::Host;
        }
        if (file.kind == FileKind::LegacyTimeline && tn == threadNames.end() && !t.counter) {
            // MindSpore 1.x timelines are device ops: tid = stream id, pid 9000 = the AI CPU
            kind = TrackKind::Compute;
            if (r.process.empty()) r.process = t.pid == "9000" ? "AI CPU" : "Ascend Hardware";
            r.name = (t.pid == "9000" ? "AI CPU stream " : "Stream ") + t.tid;
        }
        if (kind == TrackKind::Compute && t.ncclSpans * 2 > t.nester->count())
            kind = TrackKind::Communication;
        if (kind == TrackKind::Compute && file.kind == FileKind::ChromeJson && r.name.rfind("stream", 0) == 0)
            r.name = "Stream " + std::string(model::trimCell(r.name.substr(6)));
        r.kind = *kind; // set above: a process the names do not classify is compute or host
        int64_t ps = processSort.count(t.pid) ? processSort[t.pid] : 0;
        auto ts = threadSort.find(t.pid + "\x1f" + t.tid);
        r.sortIndex = ps * 1000000 + (ts != threadSort.end() ? ts->second : 0);
        r.spanCount = t.nester->count();
        r.maxDepth = t.nester->unsorted() ? -1 : t.nester->maxDepth(); // -1: re-nest after the load
        b->tracks.push_back(std::move(r));
    }
    uniqueTrackNames(*b);
    if (file.kind == FileKind::TraceView) m_rank.haveTraceView = true;
    records = n;
    return true;
}

} // namespace rs::import
