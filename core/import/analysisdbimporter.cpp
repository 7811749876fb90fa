#include "core/import/analysisdbimporter.h"

#include "core/import/commlinkvalues.h"
#include "core/import/dbcolumns.h"
#include "core/import/producerdb.h"
#include "core/import/sqlitedamage.h"
#include "core/index/sqlite.h"
#include "core/index/untrusted.h"
#include "core/model/commkeys.h"
#include "core/model/decimal.h"

namespace rs::import {

namespace {

std::optional<std::string> textOf(index::Stmt& q, int col) {
    if (q.isNull(col)) return std::nullopt;
    return q.text(col);
}

/// "step50" → 50, "step" → none; false when it is neither.
bool stepOf(const std::string& s, std::optional<int64_t>& step) {
    if (s == "step") {
        step.reset();
        return true;
    }
    if (s.rfind("step", 0) != 0) return false;
    step = model::parseI64(std::string_view(s).substr(4));
    return step.has_value() && *step >= 0;
}

std::vector<model::CommLinkRow> readMatrix(index::Db& db, const DbColumns& cols, const RankState& rank,
                                           const SourceFile& f, RowEmitter& out) {
    std::vector<model::CommLinkRow> rows;
    const char* t = "CommAnalyzerMatrix";
    const auto miss = cols.missing(
        t, {"hccl_op_name", "group_name", "src_rank", "dst_rank", "transit_size", "transit_time"});
    if (!miss.empty()) {
        out.diag(f.path, "warning",
                 "CommAnalyzerMatrix lacks the columns of a communication matrix: not read", -1, "");
        return rows;
    }
    auto q = db.prepare(
        std::string("SELECT CAST(hccl_op_name AS TEXT), CAST(group_name AS TEXT), CAST(src_rank AS "
                    "TEXT), CAST(dst_rank AS TEXT), ") +
        "CAST(" + cols.orNull(t, "transport_type") + " AS TEXT), CAST(transit_size AS TEXT), " +
        "CAST(transit_time AS TEXT), CAST(" + cols.orNull(t, "bandwidth") + " AS TEXT), CAST(" +
        cols.orNull(t, "step") + " AS TEXT), CAST(" + cols.orNull(t, "type") + " AS TEXT), CAST(" +
        cols.orNull(t, "op_name") + " AS TEXT) FROM CommAnalyzerMatrix");
    while (q.step()) {
        model::CommLinkRow r;
        r.rank = rank.rank;
        r.source = "analysis.db";
        const auto key = model::parseMatrixOpKey(textOf(q, 0).value_or(""));
        r.op = key.op;
        r.entry = key.entry;
        r.sample = key.sample;
        r.group = textOf(q, 1).value_or("");
        r.kind = textOf(q, 9).value_or("collective");
        const std::string link = textOf(q, 2).value_or("?") + "-" + textOf(q, 3).value_or("?");
        const auto lk = model::parseLinkKey(link);
        if (!lk || !stepOf(textOf(q, 8).value_or("step"), r.step)) {
            out.diag(f.path, "warning", "CommAnalyzerMatrix row with a malformed rank or step: not shown", -1,
                     link + " " + textOf(q, 8).value_or(""));
            continue;
        }
        r.src = lk->first;
        r.dst = lk->second;
        const LinkText text{textOf(q, 4).value_or(""), textOf(q, 5), textOf(q, 6), textOf(q, 7)};
        if (const std::string why = fillLinkValues(text, r); !why.empty()) {
            out.diag(f.path, "warning", "CommAnalyzerMatrix: " + why, -1, link);
            continue;
        }
        if (bandwidthDisagrees(r))
            out.diag(f.path, "info",
                     "CommAnalyzerMatrix bandwidth disagrees with transit_size / transit_time", -1, link);
        r.opNames = textOf(q, 10).value_or("");
        if (r.entry == model::CommEntry::Op) {
            r.opCount = 1;
            r.opNames = r.op;
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

/// StepTraceTime: step_trace_time.csv as a table (µs; step "50"), the producer's per-step breakdown and
/// step time, read as the CSV is (CsvImporter::stepTraceTime).
std::vector<model::StepBreakdownRow> readStepTrace(index::Db& db, const DbColumns& cols,
                                                   const RankState& rank, const SourceFile& f,
                                                   RowEmitter& out) {
    std::vector<model::StepBreakdownRow> rows;
    const char* t = "StepTraceTime";
    if (!cols.missing(t, {"step", "computing"}).empty()) {
        out.diag(f.path, "warning", "StepTraceTime without step/computing columns: not read", -1, "");
        return rows;
    }
    std::string sql = "SELECT CAST(step AS TEXT)";
    for (const char* c : {"computing", "communication_not_overlapped", "overlapped", "communication", "free",
                          "stage", "bubble", "preparing"})
        sql += std::string(", CAST(") + cols.orNull(t, c) + " AS TEXT)";
    auto q = db.prepare(sql + " FROM StepTraceTime");
    auto us = [&](int col) { return model::parseScaled(textOf(q, col).value_or(""), model::TimeUnit::Us); };
    while (q.step()) {
        const std::string cell = textOf(q, 0).value_or(""); // (a view of the temporary dangled: ASan)
        std::string_view stepText = cell;
        if (stepText.rfind("step", 0) == 0) stepText.remove_prefix(4);
        const auto step = model::parseI64(stepText);
        if (!step) {
            out.diag(f.path, "warning", "StepTraceTime row with a bad step: not read", -1,
                     std::string(stepText));
            continue;
        }
        rows.push_back({rank.rank, *step, us(1).value_or(0), us(2).value_or(0), us(3).value_or(0),
                        us(4).value_or(0), us(5).value_or(0), us(6).value_or(0), us(7).value_or(0), us(8)});
    }
    return rows;
}

} // namespace

bool importAnalysisDb(ImportContext& ctx, RowEmitter& out, RankState& rank, const SourceFile& f,
                      std::string& error, int64_t& records) {
    records = 0;
    try {
        ProducerDb source(f.path);
        index::Db& db = source.db();
        if (!source.note().empty()) out.diag(f.path, "info", source.note(), -1, "");
        index::UntrustedGuard guard(db.raw(), std::chrono::minutes(5), ctx.cancel);
        DbColumns cols(db);
        if (cols.hasTable("StepTraceTime")) {
            auto steps = readStepTrace(db, cols, rank, f, out);
            auto& dst = out.batch().breakdowns;
            dst.insert(dst.end(), steps.begin(), steps.end());
        }
        if (!cols.hasTable("CommAnalyzerMatrix")) {
            out.diag(f.path, "info",
                     "analysis.db has no CommAnalyzerMatrix table: no communication matrix from it", -1, "");
            return true;
        }
        auto rows = readMatrix(db, cols, rank, f, out);
        // a cut or damaged file may still hold the whole matrix (its pages come first): keep what was
        // read, but say where the file is damaged
        if (std::string d = describeSqliteDamage(f.path); !d.empty())
            out.diag(f.path, "warning",
                     "damaged SQLite file: " + d + " (the matrix rows that could be read are kept)", -1, "");
        checkMatrixRows(rows, f.path, out);
        records = int64_t(rows.size());
        out.batch().commSources.push_back({rank.rank, "analysis.db", f.path, records, records, ""});
        auto& dst = out.batch().commLinks;
        dst.insert(dst.end(), std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
        ctx.bytesDone.fetch_add(f.sizeBytes);
        return true;
    } catch (const std::exception& e) {
        std::string what = e.what();
        if (size_t in = what.find(" in: "); in != std::string::npos) what.resize(in);
        error = f.path + ": " + what;
        if (std::string d = describeSqliteDamage(f.path); !d.empty()) error += "; " + d;
        return false;
    }
}

} // namespace rs::import
