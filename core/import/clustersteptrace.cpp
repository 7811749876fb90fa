#include "core/import/clustersteptrace.h"

#include "core/io/bytesource.h"
#include "core/io/csvreader.h"
#include "core/model/decimal.h"

namespace rs::import {

namespace {

struct Columns {
    explicit Columns(const io::CsvHeader& h)
        : step(h.find({"Step"})), type(h.find({"Type"})),
          index(h.find({"Index"})), figures{h.find({"Computing"}),
                                            h.find({"Communication(Not Overlapped)"}),
                                            h.find({"Overlapped"}),
                                            h.find({"Communication"}),
                                            h.find({"Free"}),
                                            h.find({"Stage"}),
                                            h.find({"Bubble"}),
                                            h.find({"Communication(Not Overlapped and Exclude Receive)"})} {}
    int step, type, index;
    int figures[8];
};

/// The row's figures in the order of Columns::figures.
std::optional<int64_t>* figureSlots(model::ProducerStepRow& r, int i) {
    std::optional<int64_t>* slots[] = {
        &r.computing, &r.commNotOverlapped,        &r.overlapped, &r.comm, &r.free, &r.stage,
        &r.bubble,    &r.commNotOverlappedExclRecv};
    return slots[i];
}

} // namespace

ClusterStepTrace readClusterStepTrace(const std::string& path) {
    ClusterStepTrace out;
    auto diag = [&](const char* severity, const std::string& what, int64_t line, const std::string& excerpt) {
        out.diagnostics.push_back({path, severity, what, 1, line, excerpt.substr(0, 120)});
    };
    std::string error;
    auto src = io::openByteSource(path, error);
    if (!src) {
        diag("warning", "msprof-analyze cluster summary not readable: " + error, -1, "");
        return out;
    }
    io::CsvReader reader(*src);
    if (!reader.next()) {
        diag("warning", "msprof-analyze cluster summary without a header row: not read", 0, "");
        return out;
    }
    const io::CsvHeader header(reader.fields());
    const Columns c(header);
    if (c.type < 0 || c.index < 0) {
        diag("warning", "msprof-analyze cluster summary without Type/Index columns: not read", 1,
             header.joined());
        return out;
    }
    int64_t badRows = 0, badFigures = 0, firstBadRow = -1, firstBadFigure = -1;
    while (reader.next()) {
        const auto& f = reader.fields();
        model::ProducerStepRow r;
        r.file = path;
        r.line = reader.line();
        r.type = std::string(model::trimCell(io::cell(f, c.type)));
        r.index = std::string(model::trimCell(io::cell(f, c.index)));
        if (r.type != "rank" && r.type != "stage") {
            if (!badRows++) firstBadRow = r.line;
            continue;
        }
        if (c.step >= 0) r.step = model::parseI64(io::cell(f, c.step));
        if (r.type == "rank") r.rank = model::parseI64(r.index);
        for (int i = 0; i < 8; ++i) {
            if (c.figures[i] < 0) continue;
            const std::string_view text = model::trimCell(io::cell(f, c.figures[i]));
            if (text.empty()) continue;
            *figureSlots(r, i) = model::parseScaled(text, model::TimeUnit::Us);
            if (!*figureSlots(r, i) && !badFigures++) firstBadFigure = r.line;
        }
        out.rows.push_back(std::move(r));
    }
    if (badRows)
        out.diagnostics.push_back({path, "warning",
                                   "cluster summary rows whose Type is neither rank nor stage: not read "
                                   "(offset = line)",
                                   badRows, firstBadRow, ""});
    if (badFigures)
        out.diagnostics.push_back({path, "warning",
                                   "cluster summary figures that are no number: left empty (offset = line)",
                                   badFigures, firstBadFigure, ""});
    return out;
}

} // namespace rs::import
