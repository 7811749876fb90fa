#include "core/import/chrometraceimporter.h"

#include "core/formats/jsoneventsplitter.h"
#include "core/formats/jsontail.h"
#include "core/import/counterhandler.h"
#include "core/import/flowhandler.h"
#include "core/import/memoryeventhandler.h"
#include "core/import/metadatahandler.h"
#include "core/import/profilelabels.h"
#include "core/import/slicehandler.h"
#include "core/import/tracefilestate.h"
#include "core/io/tailreader.h"
#include "core/model/cutkernels.h"
#include "core/model/decimal.h"

#include <map>
#include <memory>

namespace rs::import {

using formats::JsonEventSplitter;
using Meta = std::map<std::string, std::string>;

namespace {

/// The decompressed bytes read from a file's end for the members after its events: more than the 1 MiB a
/// kept member may have, so a few of them fit.
constexpr size_t kTailBytes = size_t(4) << 20;

/// Kineto writes baseTimeNanoseconds after traceEvents: when an object container has not shown it before
/// the first event, the members after the events are read from the file's last bytes (a plain file's are
/// read alone; a compressed one is inflated to its end, but not split). When the tail cannot tell, the
/// top-level members are pre-scanned once (a whole splitter pass). `fromTail` says which way was taken
/// (readEvents' caller checks it against the full read's members). False when cancelled meanwhile.
bool completeMeta(const SourceFile& file, const JsonEventSplitter& splitter, JsonEventSplitter::Status status,
                  ImportContext& ctx, Meta& meta, bool& fromTail) {
    meta = splitter.meta();
    fromTail = false;
    if (status != JsonEventSplitter::Status::Event ||
        splitter.container() != JsonEventSplitter::Container::Object || meta.count("baseTimeNanoseconds"))
        return true; // no events, or nothing missing: the splitter has seen what there is
    const io::Tail tail = io::readTail(file.path, kTailBytes, [&] { return ctx.cancelled(); });
    if (tail.status == io::TailStatus::Cancelled) return false;
    ctx.preScanBytes.fetch_add(tail.passed);
    if (tail.status == io::TailStatus::Ok)
        if (auto after = formats::membersAfterEvents(tail.bytes)) {
            for (auto& [k, v] : *after)
                meta.emplace(k, v);
            fromTail = true;
            return true;
        }
    std::string err;
    auto pre = io::openByteSource(file.path, err);
    if (!pre) return true;
    JsonEventSplitter ps(*pre);
    std::string_view pv;
    int64_t po;
    while (ps.next(pv, po) == JsonEventSplitter::Status::Event)
        if (ctx.cancelled()) return false;
    ctx.preScanBytes.fetch_add(ps.bytesConsumed());
    for (auto& [k, v] : ps.meta())
        meta.emplace(k, v);
    return true;
}

/// The members read from the tail must be the whole read's (those before the events, then those the
/// splitter saw in all): they differ only when a member over kTailBytes follows the events, or the file is
/// damaged before a tail that reads as JSON. Then the file was imported with what the tail said: told as
/// an error, naming the base of the clock each way.
void checkTailMeta(const Meta& used, const Meta& pre, const JsonEventSplitter& splitter, RowEmitter& out,
                   const std::string& path) {
    Meta full = pre;
    for (auto& [k, v] : splitter.meta())
        full.emplace(k, v);
    if (full == used) return;
    auto base = [](const Meta& m) {
        auto it = m.find("baseTimeNanoseconds");
        return it == m.end() ? std::string("none") : it->second;
    };
    out.diag(path, "error",
             "the members after the events read from the file's end differ from those of the whole file: its "
             "times may be off",
             -1, "baseTimeNanoseconds " + base(used) + " from the end, " + base(full) + " in the whole file");
}

bool isKinetoMeta(const Meta& meta) {
    return meta.count("distributedInfo") || meta.count("deviceProperties") || meta.count("schemaVersion");
}

/// What the top-level members say: the clock's base, the rank and world size, labels, the host.
void applyMeta(const Meta& meta, const SourceFile& file, TraceFileState& s) {
    RankState& rank = s.rank;
    if (auto it = meta.find("baseTimeNanoseconds"); it != meta.end())
        if (auto b = model::parseI64(it->second)) s.baseNs = *b;
    if (auto it = meta.find("distributedInfo"); it != meta.end()) {
        formats::forEachMember(it->second, [&](std::string_view k, const formats::JsonValue& v) {
            if (k == "rank") {
                if (auto r = model::parseI64(v.text); r && *r >= 0 && *r <= INT32_MAX) {
                    rank.rank = int(*r);
                    rank.rankFromData = true;
                }
            } else if (k == "world_size") {
                if (auto w = model::parseI64(v.text); w && *w > 0) rank.worldSize = *w;
            }
        });
    }
    // schemaVersion / deviceProperties / distributedInfo are Kineto's own members (HTA's amd_trace has
    // the first two and no distributedInfo: it was labelled "chrome")
    if (isKinetoMeta(meta)) {
        if (rank.source.empty() || rank.source == "chrome") rank.source = "kineto";
        labelsFromKinetoMeta(meta, rank);
    }
    if (auto it = meta.find("host_name"); it != meta.end())
        rank.host = std::string(model::trimCell(it->second));
    if (rank.source.empty())
        rank.source = file.kind == FileKind::TraceView      ? "ascend"
                      : file.kind == FileKind::CannTimeline ? "ascend-cann"
                                                            : "chrome";
}

/// The phase handlers of one file.
struct Handlers {
    explicit Handlers(TraceFileState& s) : state(s), slices(s), memory(s), counters(s) {}
    TraceFileState& state;
    SliceHandler slices;
    MemoryEventHandler memory;
    CounterHandler counters;
};

/// Hands one event to the handler of its phase.
void dispatch(TraceEvent& e, Handlers& h) {
    TraceFileState& s = h.state;
    const std::string_view ph = e.ph.text;
    if (ph.size() != 1) {
        s.warn(ph.empty() ? "event without ph" : "unknown ph", e);
        return;
    }
    readIds(e);
    switch (ph[0]) {
    case 'X':
        return h.slices.complete(e);
    case 'B':
        return h.slices.begin(e);
    case 'E':
        return h.slices.end(e);
    case 'i':
    case 'I':
        return h.memory.instant(e);
    case 'C':
        return h.counters.counter(e);
    case 'M':
        return handleMetadata(s, e);
    case 's':
    case 't':
    case 'f':
        return handleFlow(s, e);
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
        return s.diag("info", "ph '" + std::string(ph) + "' events not indexed", e);
    default:
        return s.warn("unknown ph", e);
    }
}

/// Reads and dispatches every event; progress, cancellation and batch hand-over every 4096 events.
/// False when cancelled. `status` is the splitter's last status, `n` the events read.
bool readEvents(JsonEventSplitter& splitter, io::ByteSource& src, TraceEvent& e, Handlers& h,
                JsonEventSplitter::Status& status, int64_t& n) {
    ImportContext& ctx = h.state.ctx;
    int64_t lastRaw = 0;
    for (; status == JsonEventSplitter::Status::Event; status = splitter.next(e.text, e.offset)) {
        if ((++n & 4095) == 0) {
            const int64_t raw = src.rawBytesRead();
            ctx.bytesDone.fetch_add(raw - lastRaw);
            ctx.eventsDone.fetch_add(4096);
            lastRaw = raw;
            if (ctx.cancelled()) return false;
            h.state.out.maybeFlush();
        }
        if (!readTraceEvent(e)) {
            h.state.warn("malformed event object", e);
            continue;
        }
        if (e.duplicates > 0)
            h.state.warn(
                "event objects with a duplicated member (the last value is used, as JSON.parse does)", e);
        dispatch(e, h);
    }
    ctx.bytesDone.fetch_add(src.rawBytesRead() - lastRaw);
    ctx.eventsDone.fetch_add(n & 4095);
    return true;
}

/// How the file ended and what the splitter passed over, as diagnostics.
void reportContainer(JsonEventSplitter& splitter, JsonEventSplitter::Status status, const Meta& meta,
                     const TraceFileState& state, RowEmitter& out, const std::string& path) {
    if (status == JsonEventSplitter::Status::Error) {
        // A truncated or corrupt tail: keep what was read, report where it broke.
        const bool bomb = splitter.error().find("decompression bomb") != std::string::npos;
        // Kineto writes baseTimeNanoseconds after the events: a file cut short lost it, so its times are
        // relative to an origin nobody knows (the rank then forms a run of its own). Not when its ts are
        // epoch time already (older Kineto writes no base: HTA's trace_filter, walk 19)
        const bool epochTimes = state.firstRawTsNs && *state.firstRawTsNs >= TraceFileState::kEpochFloorNs;
        if (!bomb && !epochTimes && !meta.count("baseTimeNanoseconds") && isKinetoMeta(meta))
            out.diag(
                path, "warning",
                "no baseTimeNanoseconds (the file ends before it): times are relative to an unknown origin",
                splitter.bytesConsumed(), "");
        out.diag(path, "error",
                 bomb ? "stopped reading: decompression bomb"
                      : "file ends in the middle of an event (truncated?)",
                 splitter.bytesConsumed(), splitter.error());
    }
    if (status == JsonEventSplitter::Status::End) {
        if (std::string rest = splitter.checkRest(); !rest.empty())
            out.diag(path, "warning", "the events are complete, but the file is damaged after them",
                     splitter.bytesConsumed(), rest);
        if (splitter.container() == JsonEventSplitter::Container::Object && !splitter.sawEventArray())
            out.diag(path, "warning", "a JSON object without a traceEvents array: the file holds no events",
                     0, "");
    }
    if (splitter.unterminated())
        out.diag(path, "info", "event array not terminated (tolerated)", splitter.bytesConsumed(), "");
    if (splitter.skippedNonObjects() > 0)
        out.diag(path, "warning", "non-object elements in the event array", -1,
                 std::to_string(splitter.skippedNonObjects()) + " skipped");
    if (splitter.oversized() > 0)
        out.diag(path, "warning", "values larger than 64 MiB (an event or a metadata member) skipped", -1,
                 std::to_string(splitter.oversized()) + " skipped");
    if (splitter.resyncs() > 0)
        out.diag(path, "warning",
                 "text that cannot be JSON inside events (an unbalanced quote?): reading resumed at the next "
                 "event",
                 -1,
                 std::to_string(splitter.resyncs()) + " times, " + std::to_string(splitter.resyncSkipped()) +
                     " bytes passed over");
}

/// A compressed file's on-disk bytes and the JSON it held, for the summary's rate of JSON.
void countCompressed(ImportContext& ctx, const SourceFile& file, int64_t jsonBytes) {
    switch (io::sniffCompression(file.path)) {
    case io::Compression::Gzip:
        ctx.gzipBytes.fetch_add(file.sizeBytes);
        break;
    case io::Compression::Zstd:
        ctx.zstdBytes.fetch_add(file.sizeBytes);
        break;
    case io::Compression::None:
        return;
    }
    ctx.jsonFromCompressedBytes.fetch_add(jsonBytes);
}

} // namespace

ChromeTraceImporter::ChromeTraceImporter(ImportContext& ctx, RowEmitter& out, RankState& rank)
    : m_ctx(ctx), m_out(out), m_rank(rank) {}

bool ChromeTraceImporter::run(const SourceFile& file, int32_t fileId, std::string& error, int64_t& records) {
    auto src = io::openByteSource(file.path, error);
    if (!src) return false;
    JsonEventSplitter splitter(*src);
    TraceEvent e;
    JsonEventSplitter::Status status = splitter.next(e.text, e.offset);
    if (status == JsonEventSplitter::Status::Error) {
        error = file.path + ": " + splitter.error();
        return false;
    }
    Meta meta;
    bool fromTail = false;
    if (!completeMeta(file, splitter, status, m_ctx, meta, fromTail)) return false;
    const Meta pre = fromTail ? splitter.meta() : Meta();
    TraceFileState state(m_ctx, m_out, m_rank, file, fileId);
    applyMeta(meta, file, state);
    Handlers h(state);
    int64_t n = 0;
    if (!readEvents(splitter, *src, e, h, status, n)) return false;
    if (fromTail) checkTailMeta(meta, pre, splitter, m_out, file.path);
    countCompressed(m_ctx, file, splitter.bytesConsumed());
    reportContainer(splitter, status, meta, state, m_out, file.path);
    // an Ascend trace cut before some of its kernels: how many kernel_details.csv lists that it lost
    if (status == JsonEventSplitter::Status::Error && file.kind == FileKind::TraceView)
        if (const int64_t lost = m_rank.kernelRows.unseen(); lost > 0)
            m_out.diag(file.path, "warning", model::kernelsPastCutText(lost, m_rank.kernelRows.rows()), -1,
                       "");
    h.slices.finish();
    h.memory.finish();
    h.counters.finish();
    // Tracks are described at the end: M events may come after the events they name.
    state.tracks.describe(file.kind, m_rank.rank, m_out.batch(), status == JsonEventSplitter::Status::Error,
                          m_rank.source == "kineto");
    if (file.kind == FileKind::TraceView) m_rank.haveTraceView = true;
    records = n;
    return true;
}

} // namespace rs::import
