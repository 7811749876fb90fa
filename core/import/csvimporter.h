#pragma once
// Importers for the CSV files of an Ascend rank directory and the per-tensor memory trace. Each reads
// columns by header name (column sets drift between versions), tolerates tab-suffixed numbers, CRLF,
// quoted multi-line fields and N/A cells, and counts bad rows as diagnostics. Runs on a parser thread.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <string>
#include <vector>

namespace rs::import {

class CsvImporter {
  public:
    CsvImporter(ImportContext& ctx, RowEmitter& out, RankState& rank)
        : m_ctx(ctx), m_out(out), m_rank(rank) {}
    /// `emitKernelSpans`: kernel_details rows become spans (only when the rank has no trace_view).
    bool run(const SourceFile& file, int32_t fileId, bool emitKernelSpans, std::string& error,
             int64_t& records);

  private:
    bool kernelDetails(const SourceFile& f, int32_t fileId, bool emitSpans, std::string& error, int64_t& n);
    bool stepTraceTime(const SourceFile& f, std::string& error, int64_t& n);
    bool operatorMemory(const SourceFile& f, std::string& error, int64_t& n);
    bool memoryRecord(const SourceFile& f, bool moduleMem, std::string& error, int64_t& n);
    bool memoryUsage(const SourceFile& f, std::string& error, int64_t& n);
    bool legacyStepTrace(const SourceFile& f, int32_t fileId, std::string& error, int64_t& n);
    bool legacyFramework(const SourceFile& f, std::string& error, int64_t& n);
    bool legacyHccl(const SourceFile& f, std::string& error, int64_t& n);
    bool legacyAicpu(const SourceFile& f, std::string& error, int64_t& n);
    /// The offset (ns) that puts the step trace's counter times on the timeline's clock, said in a
    /// diagnostic of `path` (0 when the rank has no usable sync record: legacyclocksync.h).
    int64_t legacyStepShift(const std::string& path);
    /// What a hccl_raw file's link_info cells held: rows read, rows with a link, the file's group.
    struct HcclLinkTally {
        std::string group;
        int64_t rows = 0, linked = 0;
    };
    void hcclOps(const std::vector<std::string>& row, size_t col, int64_t step, const std::string& path,
                 int64_t line);
    void hcclLinks(const std::vector<std::string>& row, size_t col, int64_t step, const std::string& path,
                   int64_t line, HcclLinkTally& tally);

    ImportContext& m_ctx;
    RowEmitter& m_out;
    RankState& m_rank;
};

} // namespace rs::import
