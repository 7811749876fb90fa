#include "core/import/slicehandler.h"

#include "core/model/decimal.h"

namespace rs::import {

using Time = TraceFileState::Time;

namespace {
/// A B event dropped for its negative ts stays on the stack as this, so its E closes it (and nothing
/// else): the spans around it keep their pairs.
constexpr int32_t kDroppedBegin = -1;

bool isNcclKernel(std::string_view name) {
    return name.starts_with("ncclKernel") || name.starts_with("ncclDevKernel");
}
/// Ascend's kernel task types in trace_view.json args (the others are runtime tasks: SDMA, Notify Wait,
/// EVENT_RECORD_SQE, … which kernel_details never lists).
bool isKernelTask(std::string_view argsText) {
    bool kernel = false;
    formats::forEachMember(argsText, [&](std::string_view k, const formats::JsonValue& v) {
        if (k != "Task Type" || v.kind != formats::JsonKind::String) return;
        const std::string t = v.str();
        kernel = t == "AI_CORE" || t == "AI_VECTOR_CORE" || t == "AI_CPU" || t == "MIX_AIC" || t == "MIX_AIV";
    });
    return kernel;
}

bool isKinetoCategory(std::string_view cat) {
    return cat == "kernel" || cat == "cuda_runtime" || cat == "cuda_driver" || cat == "gpu_memcpy" ||
           cat == "gpu_memset" || cat == "gpu_user_annotation";
}
/// Whether a span may be the op a [memory] allocation belongs to: device activities and the runtime
/// calls an op makes are not, and the step is around every op.
bool isHostOp(std::string_view cat, std::string_view name) {
    return !isKinetoCategory(cat) && !name.starts_with("ProfilerStep#");
}
} // namespace

int32_t SliceHandler::opTypeOf(const TraceEvent& e, int32_t nameId, std::string_view name) {
    int32_t opId = 0;
    if (m_s.file.kind == FileKind::LegacyTimeline && e.args.present()) {
        // MindSpore 1.x names the op type in args ("type": "AssignAdd"); trust it over the name.
        formats::forEachMember(e.args.text, [&](std::string_view k, const formats::JsonValue& v) {
            if (k == "type" && v.kind == formats::JsonKind::String) opId = m_s.strings.intern(v.str());
        });
    }
    if (opId) return opId;
    // a kernel past the cut of a cut kernel_details.csv has no Type row: its name is no op type
    // ("Conv2DBackpropFilter10" beside the real Conv2DBackpropFilter, walk17b #1c), so the span keeps its
    // time under an op type that says it is not known, and is counted
    if (m_s.rank.kernelDetailsCut && e.args.present() && !m_s.rank.opTypeByName.contains(name) &&
        isKernelTask(e.args.text)) {
        m_s.warn(
            "kernel named in no row of kernel_details.csv, which was cut short: its op type is not known "
            "(shown as \"" +
                std::string(kOpTypeNotRead) + "\", never one made from its name)",
            e);
        return m_s.strings.intern(kOpTypeNotRead);
    }
    return m_s.opTypeFor(nameId, name);
}

void SliceHandler::noteStep(std::string_view name, std::string_view cat, int64_t ts, int64_t dur) {
    std::string_view number;
    const char* source = "trace"; // the marker the steps came from, as every view names it (stepwall.h)
    if (name.starts_with("ProfilerStep#")) {
        number = name.substr(13);
    } else if (m_s.file.kind == FileKind::CannTimeline && cat == "Iteration Time" &&
               name.starts_with("Iteration ")) {
        number = name.substr(10); // CANN's raw step trace: FP start to iteration end
        source = "cann-iteration";
    } else {
        return;
    }
    if (auto s = model::parseI64(number)) {
        m_s.batch().steps.push_back({m_s.rank.rank, *s, ts, ts + dur, source});
        m_s.rank.traceSteps[*s] = {ts, ts + dur};
        m_s.rank.haveTraceSteps = true;
    }
}

void SliceHandler::complete(const TraceEvent& e) {
    int64_t ts, dur = 0;
    if (m_s.eventTime(e, "X event with a missing or bad ts", ts) != Time::Ok) return;
    if (e.dur.present()) {
        auto d = model::parseScaled(e.dur.text, model::TimeUnit::Us);
        if (!d || !model::addTimes(ts, *d)) {
            m_s.warn("X event with a bad dur", e);
            return;
        }
        dur = *d;
    }
    // views, not copies: a name and a category string a span were ~2 allocations per event
    const std::string_view name = e.name.view(m_nameScratch);
    if (m_s.file.kind == FileKind::TraceView) m_s.rank.kernelRows.seen(ts, name); // read before the cut
    if (m_s.file.kind == FileKind::LegacyTimeline) m_s.rank.legacyClock.timelineOp(name, ts); // its sync
    const int32_t nameId = m_s.strings.intern(name);
    const std::string_view cat = e.cat.view(m_catScratch);
    TraceTrack& t = cat == "gpu_user_annotation" ? m_s.tracks.annotations(e.pidText, e.tidText)
                                                 : m_s.tracks.slices(e.pidText, e.tidText);
    if (cat == "kernel") ++t.kernelSpans;
    // a trace without Kineto's top-level members is still Kineto's when its events carry the categories
    // only Kineto writes (CUDA's and ROCm's alike: ROCm builds keep the cuda_ names)
    if (m_s.rank.source == "chrome" && isKinetoCategory(cat)) m_s.rank.source = "kineto";
    if (isNcclKernel(name)) ++t.ncclSpans;
    const int32_t opId = opTypeOf(e, nameId, name);
    m_s.emitSpan(t, ts, dur, nameId, m_s.strings.intern(cat), opId, e.offset);
    const std::string_view args = e.args.present() ? e.args.text : std::string_view();
    if (cat == "cpu_op")
        m_inputs.cpuOp(e.pidText, e.tidText, ts, ts + dur, nameId, args);
    else if (cat == "kernel")
        m_inputs.kernel(ts, dur, args);
    else if (cat == "cuda_runtime" || cat == "cuda_driver" || cat == "Runtime")
        m_inputs.launchCall(e.pidText, e.tidText, ts, args);
    if (e.args.present()) {
        if (name == "record_param_comms" || (cat == "kernel" && isNcclKernel(name)))
            m_collectives.event(cat == "kernel", ts, e.args.text);
    }
    if (keepsHostOps() && isHostOp(cat, name)) t.hostOps.push_back({ts, ts + dur, nameId});
    noteLaunchLink(e, cat, name, nameId, t, ts, dur);
    noteStep(name, cat, ts, dur);
}

void SliceHandler::noteLaunchLink(const TraceEvent& e, std::string_view cat, std::string_view name,
                                  int32_t nameId, const TraceTrack& t, int64_t ts, int64_t dur) {
    if (!keepsHostOps()) return; // only Kineto links a kernel to its launch (an Ascend trace has no NCCL)
    const std::string_view args = e.args.present() ? e.args.text : std::string_view();
    if (isNcclKernel(name))
        m_launched.kernel(t.id, ts, args);
    else if (cat == "cuda_runtime" || cat == "cuda_driver" || cat == "Runtime") // "Runtime": older Kineto
        m_launched.launchCall(e.pidText, e.tidText, ts, name, args);
    else if (isHostOp(cat, name))
        m_launched.hostOp(e.pidText, e.tidText, ts, ts + dur, nameId, name, args);
}

void SliceHandler::noteUnlinked(const KernelInputs::Unlinked& why) {
    // info, not a warning: the trace is whole, it just links these kernels to no op's shapes; the shapes
    // view and command read them back by the prefix (shapes/unlinkedshapes.h)
    auto count = [&](int64_t n, const char* reason) {
        std::string what(model::kNoInputShapePrefix);
        what += reason;
        for (int64_t i = 0; i < n; ++i)
            m_s.out.diag(m_s.file.path, "info", what, -1, "");
    };
    count(why.noLaunch, "with no launch call in the trace carrying their correlation id");
    count(why.outsideOps, "launched outside every cpu_op on their thread");
    count(why.opWithout, "launched by a cpu_op that recorded no single input shape");
    count(why.sharedLaunch, "whose correlation id two launch calls carry");
}

void SliceHandler::begin(const TraceEvent& e) {
    int64_t ts;
    const Time time = m_s.eventTime(e, "B event with a missing or bad ts", ts);
    if (time == Time::Bad) return;
    TraceTrack& t = m_s.tracks.slices(e.pidText, e.tidText);
    if (time == Time::Negative) {
        t.openB.push_back({0, kDroppedBegin, 0, 0, e.offset, false});
        return;
    }
    const std::string name = e.name.str(), cat = e.cat.str();
    const int32_t nameId = m_s.strings.intern(name);
    t.openB.push_back({ts, nameId, m_s.strings.intern(cat), m_s.opTypeFor(nameId, name), e.offset,
                       keepsHostOps() && isHostOp(cat, name)});
}

void SliceHandler::end(const TraceEvent& e) {
    TraceTrack& t = m_s.tracks.slices(e.pidText, e.tidText);
    if (t.openB.empty()) {
        m_s.warn("E without a matching B", e);
        return;
    }
    int64_t ts;
    const Time time = m_s.eventTime(e, "E event with a bad ts", ts);
    if (time == Time::Bad) return;
    const TraceTrack::Open o = t.openB.back();
    t.openB.pop_back();
    if (time == Time::Negative || o.nameId == kDroppedBegin) return; // a span with no time to stand at
    // B/E close inner-first, so spans arrive end-ordered; the nester's order check flags the track and
    // the post-load pass re-nests it from an ordered scan.
    m_s.emitSpan(t, o.ts, std::max<int64_t>(0, ts - o.ts), o.nameId, o.catId, o.opTypeId, o.offset);
    if (o.hostOp) t.hostOps.push_back({o.ts, std::max(o.ts, ts), o.nameId});
}

void SliceHandler::finish() {
    m_s.tracks.forEach([&](TraceTrack& t) {
        for (const auto& o : t.openB)
            if (o.nameId != kDroppedBegin)
                m_s.out.diag(m_s.file.path, "warning", "B without a matching E", o.offset, "");
    });
    noteUnlinked(m_inputs.emitRows(m_s.rank.rank, m_s.batch().shapes));
    m_collectives.emitRows(m_s.rank, m_s.out, m_s.file.path);
    m_launched.emitRows(m_s.batch().launches);
}

} // namespace rs::import
