#include "core/import/csvimporter.h"

#include "core/model/plural.h"

#include "core/import/collectivenames.h"
#include "core/import/hcclrawlinks.h"
#include "core/import/legacycommlanes.h"

#include "core/formats/jsonscan.h"
#include "core/import/shapetext.h"
#include "core/io/csvreader.h"
#include "core/model/decimal.h"
#include "core/model/memoryrows.h"
#include "core/model/optype.h"
#include "core/model/timetext.h"
#include "core/model/tracknester.h"

#include <filesystem>
#include <map>
#include <memory>

namespace rs::import {

using io::cell;
using io::CsvHeader;
using io::CsvReader;
using model::TimeUnit;

namespace {

constexpr int64_t kMiB = 1024 * 1024;

bool isNa(std::string_view v) {
    return v.empty() || v == "N/A" || v == "NA" || v == "-" || v == "None";
}

/// True when `v` is a time in exponent notation whose mantissa keeps too few digits to place it within
/// `maxUnits` of the unit ("1.69512E+15" µs: ±5·10⁹ µs, 83 minutes): a spreadsheet saved the CSV and rounded
/// the timestamps. Plain decimals are exact.
bool roundedByExponent(std::string_view v, int64_t maxUnits) {
    const size_t e = v.find_first_of("eE");
    if (e == std::string_view::npos) return false;
    const auto exp = model::parseI64(v.substr(e + 1 + (e + 1 < v.size() && v[e + 1] == '+')));
    if (!exp) return false;
    const std::string_view mant = v.substr(0, e);
    const size_t dot = mant.find('.');
    const int64_t fraction = dot == std::string_view::npos ? 0 : int64_t(mant.size() - dot - 1);
    // the last kept digit is worth 10^(exp - fraction) units
    int64_t step = 1;
    for (int64_t i = 0; i < *exp - fraction && step <= maxUnits; ++i)
        step *= 10;
    return step > maxUnits;
}

std::string joinRow(const std::vector<std::string>& r) {
    std::string s;
    for (size_t i = 0; i < r.size() && s.size() < 160; ++i) {
        if (i) s.push_back(',');
        s += r[i];
    }
    return s;
}

// Opens the file and reads the header; progress is accounted by the caller from rawBytesRead().
struct CsvFile {
    explicit CsvFile(RowEmitter& out) : out(&out) {}
    /// A last row cut short by a killed producer was dropped by the reader: counted here, once per file.
    ~CsvFile() {
        if (reader && reader->oversizedRecords() > 0)
            out->diag(path, "warning", "rows longer than 64 MiB skipped", -1,
                      model::counted(int64_t(reader->oversizedRecords()), "row", "rows"));
        if (reader && reader->droppedTail())
            // every producer ends its rows with a line break: an unended last row means the file was cut
            // short, and whatever followed it is missing (walk17b: a kernel_details.csv cut to 2/3)
            out->diag(path, "error",
                      "last row has no line end (file truncated?): dropped, and any rows after the cut are "
                      "missing (offset = line)",
                      reader->droppedTailLine(), "");
    }
    RowEmitter* out;
    std::string path;
    std::unique_ptr<io::ByteSource> src;
    std::unique_ptr<CsvReader> reader;
    CsvHeader header;
    bool open(const std::string& p, std::string& error) {
        path = p;
        src = io::openByteSource(p, error);
        if (!src) return false;
        reader = std::make_unique<CsvReader>(*src);
        reader->setDropUnendedTail(true);
        if (!reader->next()) {
            error = p + (reader->error().empty() ? ": empty CSV file (no header)" : ": " + reader->error());
            return false;
        }
        header = CsvHeader(reader->fields());
        if (reader->headerUnended())
            out->diag(p, "warning",
                      "the file ends inside its header row (truncated?): no rows (offset = line)", 1, "");
        return true;
    }
    /// After a failed open: a file without even a header is counted and skipped (true); a read error is
    /// the file's failure (false, `error` names it).
    bool skipIfEmpty(RowEmitter& out, const std::string& path, std::string& error) {
        if (!reader || !reader->error().empty()) return false;
        out.diag(path, "warning", "CSV file without a header row: not read", 0, "");
        error.clear();
        return true;
    }
};

} // namespace

bool CsvImporter::run(const SourceFile& f, int32_t fileId, bool emitKernelSpans, std::string& error,
                      int64_t& n) {
    n = 0;
    bool ok = false;
    switch (f.kind) {
    case FileKind::KernelDetails:
        ok = kernelDetails(f, fileId, emitKernelSpans, error, n);
        break;
    case FileKind::StepTraceTime:
        ok = stepTraceTime(f, error, n);
        break;
    case FileKind::OperatorMemory:
        ok = operatorMemory(f, error, n);
        break;
    case FileKind::MemoryRecord:
        ok = memoryRecord(f, false, error, n);
        break;
    case FileKind::NpuModuleMem:
        ok = memoryRecord(f, true, error, n);
        break;
    case FileKind::MemoryUsage:
        ok = memoryUsage(f, error, n);
        break;
    case FileKind::LegacyStepTrace:
        ok = legacyStepTrace(f, fileId, error, n);
        break;
    case FileKind::LegacyFramework:
        ok = legacyFramework(f, error, n);
        break;
    case FileKind::LegacyHccl:
        ok = legacyHccl(f, error, n);
        break;
    case FileKind::LegacyAicpu:
        ok = legacyAicpu(f, error, n);
        break;
    default:
        error = f.path + ": not a CSV this importer reads";
        return false;
    }
    m_ctx.bytesDone.fetch_add(f.sizeBytes);
    m_ctx.eventsDone.fetch_add(n);
    return ok;
}

namespace {

/// kernel_details.csv's columns, by the names its producer versions give them (MindSpore renames CANN's
/// op_summary columns; -1 = absent).
struct KernelColumns {
    explicit KernelColumns(const CsvHeader& h)
        : step(h.find({"Step Id", "Step ID"})), name(h.find({"Name", "Op Name"})),
          type(h.find({"Type", "OP Type"})), start(h.find({"Start Time(us)", "Task Start Time(us)"})),
          dur(h.find({"Duration(us)", "Task Duration(us)"})), stream(h.find({"Stream ID", "Stream Id"})),
          core(h.find({"Accelerator Core", "Task Type"})), dev(h.find({"Device_id", "Device ID"})),
          shapes(h.find({"Input Shapes"})), dtypes(h.find({"Input Data Types"})) {}
    bool usable() const { return name >= 0 && start >= 0 && dur >= 0; }
    int step, name, type, start, dur, stream, core, dev, shapes, dtypes;
};

/// The device of a torch_npu export's memory rows ("NPU:0" in memory_record.csv / operator_memory.csv
/// "Device Type", npu_module_mem.csv "Device"; the .db export of the same job says deviceId 0). MindSpore 2.3
/// writes the rank there (formats.md §2.6), and a producer not known may too: only torch_npu's is taken.
void noteNpuDevice(RankState& rank, std::string_view dev) {
    auto fw = rank.labels.find("framework");
    if (rank.deviceId || fw == rank.labels.end() || fw->second != "torch_npu" || dev.rfind("NPU:", 0) != 0)
        return;
    rank.deviceId = model::parseI64(dev.substr(4));
}

/// What one kernel row tells the rank: its op type by name (for the trace's spans), the device, and the
/// window of its step.
void noteKernel(RankState& rank, const KernelColumns& col, const std::vector<std::string>& r,
                const std::string& name, const std::string& type, int64_t ts, int64_t dur) {
    if (!type.empty() && !isNa(type)) rank.opTypeByName.emplace(name, type);
    rank.kernelRows.addRow(ts, name);
    if (col.dev >= 0 && !rank.deviceId) rank.deviceId = model::parseI64(cell(r, col.dev));
    if (col.step < 0) return;
    if (auto s = model::parseI64(cell(r, col.step))) {
        auto [it, fresh] = rank.kernelStepWindows.emplace(*s, std::make_pair(ts, ts + dur));
        if (!fresh) {
            it->second.first = std::min(it->second.first, ts);
            it->second.second = std::max(it->second.second, ts + dur);
        }
    }
}

/// The device lanes of kernel_details rows, one per stream, when they are the rank's spans.
class StreamLanes {
  public:
    explicit StreamLanes(ImportContext& ctx) : m_ctx(ctx) {}
    void add(model::Batch& b, const std::string& stream, const model::SpanRow& span) {
        auto& slot = m_streams[stream];
        if (!slot.second) {
            slot.first = m_ctx.nextTrackId.fetch_add(1);
            slot.second = std::make_unique<model::TrackNester>(slot.first);
        }
        model::SpanRow s = span;
        s.trackId = slot.first;
        s.depth = slot.second->add(s.tsNs, s.durNs, s.nameId, b.lods);
        b.spans.push_back(s);
    }
    void finish(model::Batch& b, int rank) {
        for (auto& [stream, slot] : m_streams) {
            slot.second->finish(b.lods);
            model::TrackRow t;
            t.trackId = slot.first;
            t.rank = rank;
            t.kind = model::TrackKind::Compute;
            t.name = "Stream " + stream;
            t.process = "Ascend Hardware";
            t.tid = stream;
            t.sortIndex = model::parseI64(stream).value_or(0);
            t.spanCount = slot.second->count();
            t.maxDepth = slot.second->unsorted() ? -1 : slot.second->maxDepth();
            b.tracks.push_back(std::move(t));
        }
    }

  private:
    ImportContext& m_ctx;
    std::map<std::string, std::pair<int64_t, std::unique_ptr<model::TrackNester>>> m_streams;
};

/// The reader's own findings at the end of a file.
void readerDiagnostics(RowEmitter& out, const std::string& path, const CsvReader& reader) {
    if (!reader.error().empty()) out.diag(path, "error", "read error: " + reader.error(), reader.line(), "");
    if (reader.unterminatedQuote())
        out.diag(path, "warning", "file ends inside a quoted field", reader.line(), "");
}

} // namespace

bool CsvImporter::kernelDetails(const SourceFile& f, int32_t fileId, bool emitSpans, std::string& error,
                                int64_t& n) {
    CsvFile c(m_out);
    if (!c.open(f.path, error)) return c.skipIfEmpty(m_out, f.path, error);
    const KernelColumns col(c.header);
    if (!col.usable()) {
        m_out.diag(f.path, "warning",
                   "kernel_details.csv without Name/Start Time(us)/Duration(us) columns (another producer "
                   "version?): file not read",
                   0, c.header.joined());
        return true;
    }
    LocalInterner strings(m_ctx.strings);
    StreamLanes lanes(m_ctx);
    while (c.reader->next()) {
        const auto& r = c.reader->fields();
        if (r.size() == 1 && model::trimCell(r[0]).empty()) continue;
        ++n;
        auto ts = model::parseScaled(cell(r, col.start), TimeUnit::Us);
        auto dur = model::parseScaled(cell(r, col.dur), TimeUnit::Us);
        if (!ts || !dur || !model::addTimes(*ts, *dur)) {
            m_out.diag(f.path, "warning", "kernel row with a bad Start Time/Duration (offset = line)",
                       c.reader->line(), joinRow(r));
            continue;
        }
        const std::string name(cell(r, col.name)), type(cell(r, col.type));
        noteKernel(m_rank, col, r, name, type, *ts, *dur);
        const bool typed = !type.empty() && !isNa(type);
        if (col.shapes >= 0) {
            const std::string shapes = cleanShapeText(cell(r, col.shapes));
            if (!shapes.empty())
                m_out.batch().shapes.push_back(
                    {m_rank.rank, *ts, *dur, strings.intern(typed ? type : model::deriveOpType(name)),
                     strings.intern(shapes), strings.intern(cleanShapeText(cell(r, col.dtypes)))});
        }
        if (emitSpans) {
            const int32_t nameId = strings.intern(name);
            const int32_t opId = strings.intern(typed ? type : model::deriveOpType(name));
            lanes.add(m_out.batch(), col.stream >= 0 ? std::string(cell(r, col.stream)) : "0",
                      {0, *ts, *dur, nameId, opId, strings.intern(cell(r, col.core)), 0, fileId,
                       c.reader->offset()});
        }
        if ((n & 4095) == 0) {
            m_out.maybeFlush();
            if (m_ctx.cancelled()) return false;
        }
    }
    readerDiagnostics(m_out, f.path, *c.reader);
    m_rank.kernelDetailsCut = c.reader->droppedTail();
    lanes.finish(m_out.batch(), m_rank.rank);
    return true;
}

bool CsvImporter::stepTraceTime(const SourceFile& f, std::string& error, int64_t& n) {
    CsvFile c(m_out);
    if (!c.open(f.path, error)) return c.skipIfEmpty(m_out, f.path, error);
    int cStep = c.header.find({"Step"});
    int cComp = c.header.find({"Computing"});
    int cCno = c.header.find({"Communication(Not Overlapped)"});
    int cOv = c.header.find({"Overlapped"});
    int cComm = c.header.find({"Communication"});
    int cFree = c.header.find({"Free"});
    int cStage = c.header.find({"Stage"});
    int cBub = c.header.find({"Bubble"});
    int cPrep = c.header.find({"Preparing"});
    if (cStep < 0 || cComp < 0) {
        m_out.diag(
            f.path, "warning",
            "step_trace_time.csv without Step/Computing columns (another producer version?): file not read",
            0, c.header.joined());
        return true;
    }
    auto us = [](std::string_view v) { return model::parseScaled(v, TimeUnit::Us).value_or(0); };
    while (c.reader->next()) {
        const auto& r = c.reader->fields();
        auto step = model::parseI64(cell(r, cStep));
        if (!step) {
            if (!cell(r, cStep).empty())
                m_out.diag(f.path, "warning", "step row with a bad Step (offset = line)", c.reader->line(),
                           joinRow(r));
            continue;
        }
        ++n;
        model::StepBreakdownRow s{m_rank.rank,        *step,
                                  us(cell(r, cComp)), us(cell(r, cCno)),
                                  us(cell(r, cOv)),   us(cell(r, cComm)),
                                  us(cell(r, cFree)), us(cell(r, cStage)),
                                  us(cell(r, cBub)),  std::nullopt};
        if (cPrep >= 0) s.preparing = model::parseScaled(cell(r, cPrep), TimeUnit::Us);
        m_out.batch().breakdowns.push_back(s);
    }
    return true;
}

bool CsvImporter::operatorMemory(const SourceFile& f, std::string& error, int64_t& n) {
    CsvFile c(m_out);
    if (!c.open(f.path, error)) return c.skipIfEmpty(m_out, f.path, error);
    int cName = c.header.find({"Name"});
    int cSize = c.header.find({"Size(KB)"});
    int cAlloc = c.header.find({"Allocation Time(us)"});
    int cRel = c.header.find({"Release Time(us)"});
    int cDev = c.header.find({"Device Type", "Device"});
    if (cSize < 0 || cAlloc < 0) {
        m_out.diag(f.path, "warning",
                   "operator_memory.csv without Size(KB)/Allocation Time(us) columns (another producer "
                   "version?): file not read",
                   0, c.header.joined());
        return true;
    }
    while (c.reader->next()) {
        const auto& r = c.reader->fields();
        ++n;
        auto size = model::parseScaledBy(cell(r, cSize), 1024);
        auto alloc = model::parseScaled(cell(r, cAlloc), TimeUnit::Us);
        if (!size || !alloc) {
            m_out.diag(f.path, "warning", "tensor row with a bad Size/Allocation Time (offset = line)",
                       c.reader->line(), joinRow(r));
            continue;
        }
        model::TensorRow t;
        t.rank = m_rank.rank;
        t.tensorId = std::string(model::kOperatorMemoryIdPrefix) + std::to_string(c.reader->line());
        t.opName = std::string(cell(r, cName));
        t.sizeBytes = *size;
        t.allocNs = alloc;
        auto rel = cell(r, cRel);
        if (!isNa(rel)) t.freeNs = model::parseScaled(rel, TimeUnit::Us);
        std::string_view dev = cell(r, cDev);
        if (dev.rfind("NPU:", 0) == 0) t.deviceId = model::parseI64(dev.substr(4));
        noteNpuDevice(m_rank, dev);
        t.source = model::kOperatorMemorySource;
        m_out.batch().tensors.push_back(std::move(t));
        m_out.maybeFlush();
    }
    return true;
}

bool CsvImporter::memoryRecord(const SourceFile& f, bool moduleMem, std::string& error, int64_t& n) {
    CsvFile c(m_out);
    if (!c.open(f.path, error)) return c.skipIfEmpty(m_out, f.path, error);
    int cComp = c.header.find({"Component"});
    int cTs = c.header.find({"Timestamp(us)"});
    int cAlloc = c.header.find({"Total Allocated(MB)"});
    int cRes = c.header.find({"Total Reserved(MB)"});
    int cAct = c.header.find({"Total Active(MB)"});
    int cDev = c.header.find({"Device Type", "Device"});
    if (cTs < 0 || cRes < 0) {
        m_out.diag(f.path, "warning",
                   "memory CSV without Timestamp(us)/Total Reserved(MB) columns (another producer version?): "
                   "file not read",
                   0, c.header.joined());
        return true;
    }
    auto mb = [](std::string_view v) -> std::optional<int64_t> {
        if (isNa(v)) return std::nullopt;
        return model::parseScaledBy(v, kMiB);
    };
    while (c.reader->next()) {
        const auto& r = c.reader->fields();
        ++n;
        if (cDev >= 0) noteNpuDevice(m_rank, cell(r, cDev));
        // a row whose time cannot place it still counts in the peaks, which need no time; it is never drawn
        // (r51d #2: test_rank_1's 30 rows, all '1.69512E+15', were dropped and the rank lost its peaks)
        std::optional<int64_t> ts = model::parseScaled(cell(r, cTs), TimeUnit::Us);
        if (!ts) {
            m_out.diag(
                f.path, "warning",
                "memory row with a bad Timestamp: counted in the memory peaks, not drawn (offset = line)",
                c.reader->line(), joinRow(r));
        } else if (roundedByExponent(cell(r, cTs), 1000)) { // coarser than 1 ms: drawn at a made-up time
            m_out.diag(
                f.path, "warning",
                "memory row whose Timestamp is rounded to a few digits (exponent notation, e.g. saved by "
                "a spreadsheet): it cannot be placed in time, counted in the memory peaks, not drawn (offset "
                "= line)",
                c.reader->line(), joinRow(r));
            ts.reset();
        }
        std::string comp(cell(r, cComp));
        if (moduleMem) comp = "module:" + comp;
        m_out.batch().memory.push_back(
            {m_rank.rank, ts, comp, mb(cell(r, cAlloc)), mb(cell(r, cRes)), mb(cell(r, cAct))});
        m_out.maybeFlush();
    }
    return true;
}

bool CsvImporter::memoryUsage(const SourceFile& f, std::string& error, int64_t& n) {
    CsvFile c(m_out);
    if (!c.open(f.path, error)) return c.skipIfEmpty(m_out, f.path, error);
    int cOp = c.header.find({"op_name"});
    int cId = c.header.find({"tensor_id"});
    int cSize = c.header.find({"size_bytes"});
    int cAlloc = c.header.find({"alloc_time"});
    int cFree = c.header.find({"free_time"});
    int cDev = c.header.find({"device_id"});
    int cAddr = c.header.find({"addr"});
    if (cSize < 0 || cAlloc < 0) {
        m_out.diag(f.path, "warning",
                   "memory_usage.csv without size_bytes/alloc_time columns (another producer version?): file "
                   "not read",
                   0, c.header.joined());
        return true;
    }
    while (c.reader->next()) {
        const auto& r = c.reader->fields();
        ++n;
        auto size = model::parseI64(cell(r, cSize));
        auto alloc = model::parseDouble(cell(r, cAlloc));
        if (!size || !alloc) {
            m_out.diag(f.path, "warning", "tensor row with a bad size_bytes/alloc_time (offset = line)",
                       c.reader->line(), joinRow(r));
            continue;
        }
        model::TensorRow t;
        t.rank = m_rank.rank;
        t.tensorId = std::string(cell(r, cId));
        t.opName = std::string(cell(r, cOp));
        t.sizeBytes = *size;
        t.allocStep = alloc;
        auto fr = cell(r, cFree);
        if (!isNa(fr)) t.freeStep = model::parseDouble(fr);
        t.allocNs = m_rank.timeOfStep(*alloc);
        if (t.freeStep) t.freeNs = m_rank.timeOfStep(*t.freeStep);
        auto a = cell(r, cAddr);
        if (!isNa(a)) {
            t.addr = model::parseAddress(a);
            if (!t.addr)
                m_out.diag(f.path, "warning", "bad hex address (offset = line)", c.reader->line(),
                           joinRow(r));
        }
        if (cDev >= 0) t.deviceId = model::parseI64(cell(r, cDev));
        if (t.deviceId && !m_rank.deviceId) m_rank.deviceId = t.deviceId;
        t.source = model::kMemoryUsageSource;
        m_out.batch().tensors.push_back(std::move(t));
        m_out.maybeFlush();
    }
    return true;
}

namespace {

/// step_trace_raw's fp_and_bp and tail (MindSpore's forward+backward span, fp_point to bp_point, and the
/// step's tail after bp_point), which the import does not read: counted and said once per file, never dropped
/// silently (run_2's 23.67 ms fp_and_bp of its one step). They are on the step-trace clock, and no phase
/// inside a step is placed from them.
struct UnreadPhases {
    int64_t steps = 0;
    std::string first; ///< the first such step's figures, as an example
    void add(int64_t step, std::optional<int64_t> fpBp, std::optional<int64_t> tail) {
        if ((!fpBp || *fpBp <= 0) && (!tail || *tail <= 0)) return;
        if (steps++ == 0)
            first = "step " + std::to_string(step) + ": fp_and_bp " +
                    (fpBp ? model::formatDuration(*fpBp) : std::string("-")) + ", tail " +
                    (tail ? model::formatDuration(*tail) : std::string("-"));
    }
    void note(RowEmitter& out, const std::string& path) const {
        if (steps == 0) return;
        out.diag(
            path, "info",
            "step_trace_raw's fp_and_bp and tail (MindSpore's forward+backward span and the step's tail, "
            "on the step-trace clock) are not read: no phase inside a step is drawn or reported from them",
            -1, model::counted(steps, "step", "steps") + " with them (" + first + ")");
    }
};

} // namespace

bool CsvImporter::legacyStepTrace(const SourceFile& f, int32_t fileId, std::string& error, int64_t& n) {
    CsvFile c(m_out);
    if (!c.open(f.path, error)) return c.skipIfEmpty(m_out, f.path, error);
    int cStep = c.header.find({"step_num"});
    int cStart = c.header.find({"start_point"});
    int cEnd = c.header.find({"end_point"});
    if (cStep < 0 || cStart < 0 || cEnd < 0) {
        m_out.diag(f.path, "warning",
                   "step_trace_raw CSV without step_num/start_point/end_point (another producer version?): "
                   "file not read",
                   0, c.header.joined());
        return true;
    }
    if (m_rank.source.empty()) m_rank.source = "mindspore-legacy";
    // MindSpore's step interval, start_point to fp_point: the wait for the step's data before its first work
    const int cInterval = c.header.find({"iteration_interval"});
    // MindSpore's phase figures (fp_point to bp_point, bp_point to the end): not read, counted below
    const int cFpBp = c.header.find({"fp_and_bp"}), cTail = c.header.find({"tail"});
    UnreadPhases phases;
    const std::vector<CommColumn> comm = commColumns(c.header, c.reader->fields());
    LocalInterner strings(m_ctx.strings);
    LegacyCommLanes lanes(comm, m_ctx.nextTrackId);
    model::Batch* b = &m_out.batch();
    const int64_t shift = legacyStepShift(f.path);
    while (c.reader->next()) {
        const auto& r = c.reader->fields();
        ++n;
        if (cell(r, cStep) == "-") continue; // MindSpore's trailing average row
        auto step = model::parseI64(cell(r, cStep));
        auto s = model::parseScaled(cell(r, cStart), TimeUnit::Tick10Ns);
        auto e = model::parseScaled(cell(r, cEnd), TimeUnit::Tick10Ns);
        if (s && e && *s != 0) { // a step's times (not the summary row's zeros) on the timeline's clock
            *s -= shift;
            *e -= shift;
        }
        if (!step || !s || !e) {
            m_out.diag(f.path, "warning", "step row with bad numbers (offset = line)", c.reader->line(),
                       joinRow(r));
            continue;
        }
        if (*step == 0) continue; // the trailing summary row of MindSpore 1.x
        model::StepRow row{m_rank.rank, *step, *s, *e, "legacy-step-trace"};
        if (cInterval >= 0) row.preparingNs = model::parseScaled(cell(r, cInterval), TimeUnit::Tick10Ns);
        row.commRecorded = commRecorded(comm, r);
        phases.add(*step, cFpBp >= 0 ? model::parseScaled(cell(r, cFpBp), TimeUnit::Tick10Ns) : std::nullopt,
                   cTail >= 0 ? model::parseScaled(cell(r, cTail), TimeUnit::Tick10Ns) : std::nullopt);
        b->steps.push_back(std::move(row));
        for (const auto& cc : comm) {
            auto a = model::parseScaled(cell(r, cc.start), TimeUnit::Tick10Ns);
            auto z = model::parseScaled(cell(r, cc.end), TimeUnit::Tick10Ns);
            if (!a || !z || *z < *a || *a == 0) continue;
            *a -= shift;
            *z -= shift;
            int32_t nameId = strings.intern(cc.name);
            const auto [trackId, depth] = lanes.add(cc, *a, *z, nameId, b->lods);
            b->spans.push_back({trackId, *a, *z - *a, nameId, strings.intern(model::deriveOpType(cc.name)), 0,
                                depth, fileId, c.reader->offset()});
        }
    }
    lanes.finish(m_rank.rank, *b);
    phases.note(m_out, f.path);
    return true;
}

int64_t CsvImporter::legacyStepShift(const std::string& path) {
    const LegacyClockSync& sync = m_rank.legacyClock;
    if (!sync.haveAicpuRows()) return 0;
    std::string why;
    const auto o = sync.offset(why);
    if (!o) {
        // named under the aicpu file: it is the record that could not be used
        m_out.diag(sync.file, "warning",
                   "AI CPU ops give no sync record with the timeline (" + why +
                       "): the step trace stays on its own clock",
                   -1, path);
        return 0;
    }
    // the relation is implied (aicpu_intermediate's counter is taken for the step trace's), so say where
    // it came from and how well the pairs agreed
    m_out.diag(path, "info",
               "step trace put on the timeline's clock by " +
                   std::filesystem::path(sync.file).filename().string() +
                   "'s run_start (µs of the system "
                   "counter the step trace counts): its AI CPU ops match the timeline's within 2 µs, the "
                   "timeline's 0 s being the counter's " +
                   std::to_string(o->counterMinusTimelineNs / 1000) + " µs (" + std::to_string(o->pairs) +
                   " ops paired, " + o->firstOp + " first)",
               -1, "");
    return o->counterMinusTimelineNs;
}

bool CsvImporter::legacyAicpu(const SourceFile& f, std::string& error, int64_t& n) {
    CsvFile c(m_out);
    if (!c.open(f.path, error)) return c.skipIfEmpty(m_out, f.path, error);
    const int cType = c.header.find({"kernel_type"}), cStart = c.header.find({"run_start"});
    if (cType < 0 || cStart < 0) {
        m_out.diag(f.path, "warning",
                   "aicpu_intermediate CSV without kernel_type/run_start (another producer version?): file "
                   "not read",
                   0, c.header.joined());
        return true;
    }
    m_rank.legacyClock.file = f.path;
    while (c.reader->next()) {
        const auto& r = c.reader->fields();
        ++n;
        // run_start is µs of the device's system counter (run_end − run_start is the op's timeline dur)
        if (auto s = model::parseScaled(cell(r, cStart), TimeUnit::Us); s && *s > 0)
            m_rank.legacyClock.aicpuOp(std::string(cell(r, cType)), *s);
    }
    return true;
}

bool CsvImporter::legacyFramework(const SourceFile& f, std::string& error, int64_t& n) {
    CsvFile c(m_out);
    if (!c.open(f.path, error)) return c.skipIfEmpty(m_out, f.path, error);
    // Column names drift between 1.x releases: op_type / kernel_type, full_op_name / full_kernel_name.
    int cType = c.header.find({"op_type", "kernel_type"});
    std::vector<int> nameCols;
    for (const char* col : {"op_name", "full_op_name", "full_kernel_name", "kernel_name"})
        if (int i = c.header.find({col}); i >= 0) nameCols.push_back(i);
    if (cType < 0 || nameCols.empty()) {
        m_out.diag(f.path, "warning",
                   "framework_raw CSV without op_type/kernel_type and op name columns (another producer "
                   "version?): file not read",
                   0, c.header.joined());
        return true;
    }
    while (c.reader->next()) {
        const auto& r = c.reader->fields();
        ++n;
        std::string type(cell(r, cType));
        if (type.empty()) continue;
        for (int col : nameCols)
            m_rank.opTypeByName.emplace(std::string(cell(r, col)), type);
    }
    return true;
}

bool CsvImporter::legacyHccl(const SourceFile& f, std::string& error, int64_t& n) {
    CsvFile c(m_out);
    if (!c.open(f.path, error)) return c.skipIfEmpty(m_out, f.path, error);
    int cStep = c.header.find({"step_num"});
    int cOps = c.header.find({"communication_operator_cost"});
    int cLinks = c.header.find({"link_info"});
    if (cStep < 0 || (cOps < 0 && cLinks < 0)) {
        m_out.diag(f.path, "warning",
                   "hccl_raw CSV without step_num, or without both communication_operator_cost and link_info "
                   "(another producer version?): file not read",
                   0, c.header.joined());
        return true;
    }
    if (cOps < 0)
        m_out.diag(f.path, "warning",
                   "hccl_raw CSV without communication_operator_cost: no per-op cost or wait read", 0,
                   c.header.joined());
    if (cLinks < 0)
        m_out.diag(f.path, "warning", "hccl_raw CSV without link_info: no communication link read", 0,
                   c.header.joined());
    HcclLinkTally links{hcclRawGroup(f.path)};
    while (c.reader->next()) {
        const auto& r = c.reader->fields();
        ++n;
        auto step = model::parseI64(cell(r, cStep));
        if (!step) continue; // the trailing summary row ("-": figures over the steps)
        if (cOps >= 0) hcclOps(r, size_t(cOps), *step, f.path, c.reader->line());
        if (cLinks >= 0) hcclLinks(r, size_t(cLinks), *step, f.path, c.reader->line(), links);
    }
    if (cLinks >= 0)
        m_out.batch().commSources.push_back(
            {m_rank.rank, "hccl_raw", f.path, links.rows, links.linked,
             "link_info: per step, the sum over its ops; size in hccl_raw's own unit"});
    return true;
}

// communication_operator_cost = {"stream_41_0_AllReduce-op4582": [step, cost_ms, wait_ms, link_info], …}:
// rows without a start time, attached later to the step trace's instance of the same op and step.
void CsvImporter::hcclOps(const std::vector<std::string>& r, size_t col, int64_t step,
                          const std::string& path, int64_t line) {
    std::string json = r.size() > col ? r[col] : std::string();
    bool ok = formats::forEachMember(json, [&](std::string_view key, const formats::JsonValue& v) {
        if (v.kind != formats::JsonKind::Array) return;
        std::vector<std::string_view> items;
        size_t i = 1;
        while (i < v.text.size() && items.size() < 3) {
            while (i < v.text.size() && (v.text[i] == ' ' || v.text[i] == ','))
                ++i;
            size_t e = formats::skipValue(v.text, i);
            if (e == std::string_view::npos) break;
            items.push_back(model::trimCell(v.text.substr(i, e - i)));
            i = e;
        }
        if (items.size() < 3) return;
        std::string name(key);
        size_t k = 0;
        for (int us = 0; k < name.size() && us < 3; ++k)
            if (name[k] == '_') ++us;
        model::CommOpRow op;
        op.rank = m_rank.rank;
        op.step = step;
        op.name = name.substr(k);
        op.startNs = 0; // unknown: matched by (rank, step, name)
        op.source = model::CommRecordSource::HcclRaw;
        op.facts = describeName(op.name);
        op.elapseNs = model::parseScaled(items[1], TimeUnit::Ms).value_or(0);
        op.waitNs = model::parseScaled(items[2], TimeUnit::Ms).value_or(0);
        op.transitNs = std::max<int64_t>(0, op.elapseNs - op.waitNs);
        op.syncNs = op.idleNs = op.bytes = 0;
        m_out.batch().commOps.push_back(std::move(op));
    });
    if (!ok)
        m_out.diag(path, "warning", "bad communication_operator_cost JSON (offset = line)", line,
                   json.substr(0, 120));
}

// link_info = {"src-dst": {"SDMA": [cost_ms, size, bandwidth]}}: the step's links
// (core/import/hcclrawlinks.h).
void CsvImporter::hcclLinks(const std::vector<std::string>& r, size_t col, int64_t step,
                            const std::string& path, int64_t line, HcclLinkTally& tally) {
    ++tally.rows;
    const std::string& text = r.size() > col ? r[col] : std::string();
    HcclRawLinks links = readHcclRawLinks(text, m_rank.rank, step, tally.group);
    if (!links.problem.empty())
        m_out.diag(path, "warning", links.problem + " (offset = line)", line, text.substr(0, 120));
    if (links.rows.empty()) return;
    ++tally.linked; // the keys are no global ranks (hcclrawlinks.h): not the rank's peers
    auto& dst = m_out.batch().commLinks;
    dst.insert(dst.end(), std::make_move_iterator(links.rows.begin()),
               std::make_move_iterator(links.rows.end()));
}

} // namespace rs::import
